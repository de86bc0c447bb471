package dev.zkload.bench.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The machine's CPU counters at one instant ({@code /proc/stat}): all CPUs together and each one. Two
 * readings give what the machine did between them ({@link #usageSince}); a single reading says nothing,
 * since the counters run from boot.
 *
 * @param all    the {@code cpu} line: every CPU summed
 * @param perCpu each {@code cpuN} line, by N
 */
public record HostCpu(CpuTimes all, Map<Integer, CpuTimes> perCpu) {
    private static final Path PROC_STAT = Path.of("/proc/stat");

    public HostCpu {
        perCpu = Map.copyOf(perCpu);
    }

    /** Now, or empty where there is no {@code /proc/stat} (not Linux) or it cannot be read. */
    public static Optional<HostCpu> read() {
        try {
            return Optional.of(parse(Files.readAllLines(PROC_STAT)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static HostCpu parse(List<String> lines) {
        CpuTimes all = null;
        Map<Integer, CpuTimes> each = new LinkedHashMap<>();
        for (String line : lines) {
            if (line.startsWith("cpu ")) {
                all = CpuTimes.parse(line);
            } else if (line.startsWith("cpu")) {
                int space = line.indexOf(' ');
                each.put(Integer.parseInt(line.substring(3, space)), CpuTimes.parse(line));
            }
        }
        if (all == null || each.isEmpty()) {
            throw new IllegalArgumentException("no cpu lines in /proc/stat");
        }
        return new HostCpu(all, each);
    }

    /** What the machine's CPUs did from {@code earlier} to this reading. */
    public CpuUsage usageSince(HostCpu earlier) {
        CpuTimes d = all.minus(earlier.all);
        double total = Math.max(1, d.total());
        Map<Integer, Double> busy = new LinkedHashMap<>();
        perCpu.forEach((cpu, now) -> {
            CpuTimes before = earlier.perCpu.get(cpu);
            if (before != null) {
                CpuTimes c = now.minus(before);
                busy.put(cpu, c.total() <= 0 ? 0 : 100.0 * c.busy() / c.total());
            }
        });
        return new CpuUsage(
                perCpu.size(), 100.0 * d.busy() / total, 100.0 * d.iowait() / total, 100.0 * d.steal() / total, busy);
    }
}
