package dev.zkload.runner.engine.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A sweep's levels as a user writes them: {@code 0,100k,500k,1m}. The suffixes {@code k}, {@code m}
 * and {@code g} are thousands, millions and billions (a znode count of {@code 1m} is a million);
 * {@code KiB}, {@code MiB} and {@code GiB} are powers of 1024, for sizes in bytes.
 */
public final class Levels {
    private static final Pattern ONE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(k|m|g|kib|mib|gib)?");

    private Levels() {}

    /**
     * Parses a comma-separated list.
     *
     * @throws IllegalArgumentException naming the item that is not a level, or a value out of range
     */
    public static List<Level> parse(String text) {
        List<Level> levels = new ArrayList<>();
        for (String item : text.split(",", -1)) {
            String label = item.trim();
            Matcher m = ONE.matcher(label.toLowerCase(Locale.ROOT));
            if (!m.matches()) {
                throw new IllegalArgumentException(
                        "'" + label + "' is not a number like 500, 100k or 1m (in '" + text + "')");
            }
            double value = Double.parseDouble(m.group(1)) * multiplier(m.group(2));
            if (value > 0x1p62 || value != Math.rint(value)) {
                throw new IllegalArgumentException(
                        "'" + label + "' is not a whole number below 2^62 (in '" + text + "')");
            }
            levels.add(new Level(label, (long) value));
        }
        return List.copyOf(levels);
    }

    private static double multiplier(String suffix) {
        if (suffix == null) {
            return 1;
        }
        return switch (suffix) {
            case "k" -> 1e3;
            case "m" -> 1e6;
            case "g" -> 1e9;
            case "kib" -> 1024.0;
            case "mib" -> 1024.0 * 1024;
            case "gib" -> 1024.0 * 1024 * 1024;
            default -> throw new IllegalArgumentException("unknown suffix " + suffix);
        };
    }
}
