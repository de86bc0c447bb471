package dev.zkload.bench.machine;

import java.util.Set;
import java.util.TreeSet;

/** The kernel's CPU list syntax ({@code "0-3,8,10-11"}), as in {@code Cpus_allowed_list} and {@code taskset -c}. */
public final class CpuList {
    private CpuList() {}

    public static Set<Integer> parse(String list) {
        Set<Integer> cpus = new TreeSet<>();
        for (String part : list.trim().split(",", -1)) {
            if (part.isBlank()) {
                continue;
            }
            int dash = part.indexOf('-');
            int from = Integer.parseInt(
                    part.substring(0, dash < 0 ? part.length() : dash).trim());
            int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1).trim());
            for (int c = from; c <= to; c++) {
                cpus.add(c);
            }
        }
        return cpus;
    }

    /** The shortest list naming {@code cpus}: {@code [0,1,2,5]} is {@code "0-2,5"}. */
    public static String format(Set<Integer> cpus) {
        StringBuilder b = new StringBuilder();
        Integer start = null;
        Integer prev = null;
        for (int c : new TreeSet<>(cpus)) {
            if (prev != null && c == prev + 1) {
                prev = c;
                continue;
            }
            append(b, start, prev);
            start = c;
            prev = c;
        }
        append(b, start, prev);
        return b.toString();
    }

    private static void append(StringBuilder b, Integer start, Integer end) {
        if (start == null) {
            return;
        }
        if (b.length() > 0) {
            b.append(',');
        }
        b.append(start);
        if (!end.equals(start)) {
            b.append('-').append(end);
        }
    }
}
