package dev.zkload.runner.threshold;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What kind of number a metric is, which units a threshold may write it in, and its base unit (the
 * one results files and evaluation use). A latency must name its unit ({@code 20ms}): a bare
 * {@code 20} could mean either milliseconds or seconds, and a gate that guesses is worse than none.
 */
public enum Quantity {
    /** A latency or a length of time; base unit ms. */
    DURATION("ms", true),
    /** A share: base unit a fraction (0.001), written as a fraction or in percent ({@code 0.1%}). */
    RATIO("", false),
    /** A number of things: znodes, sessions, domains; {@code 10k}, {@code 1M}. */
    COUNT("", false),
    /** Operations (or writes) per second; {@code 20k}, {@code 500/s}. */
    RATE("/s", false),
    /** Bytes; {@code 512MiB}, {@code 2GB}. */
    BYTES("B", false);

    /** Each kind's units and their factors to the base unit (a static table: enum constants stay immutable). */
    private static final Map<Quantity, Map<String, Double>> UNITS = new EnumMap<>(Map.of(
            DURATION, units("us", 0.001, "µs", 0.001, "ms", 1, "s", 1000, "min", 60_000),
            RATIO, units("%", 0.01),
            COUNT, units("k", 1e3, "M", 1e6),
            RATE, units("/s", 1, "k", 1e3, "k/s", 1e3, "M", 1e6, "M/s", 1e6),
            BYTES, units("B", 1, "kB", 1e3, "KiB", 1024, "MB", 1e6, "MiB", 1 << 20, "GB", 1e9, "GiB", 1 << 30)));

    private final String baseUnit;
    private final boolean unitRequired;

    Quantity(String baseUnit, boolean unitRequired) {
        this.baseUnit = baseUnit;
        this.unitRequired = unitRequired;
    }

    /** The base unit's symbol as results show it ({@code ms}, {@code /s}, {@code B}); empty for plain numbers. */
    public String baseUnit() {
        return baseUnit;
    }

    boolean unitRequired() {
        return unitRequired;
    }

    /** The factor that turns a number in {@code unit} into the base unit; null when the unit is not one of this kind's. */
    Double factor(String unit) {
        return UNITS.get(this).get(unit);
    }

    /** The units a threshold may use, for error messages. */
    String unitList() {
        return String.join(", ", UNITS.get(this).keySet());
    }

    /** A value in the base unit as people read it: {@code 12.3 ms}, {@code 0.12%}, {@code 1500/s}. */
    public String format(double base) {
        return switch (this) {
            case DURATION -> number(base) + " ms";
            case RATIO -> number(base * 100) + "%";
            case COUNT -> number(base);
            case RATE -> number(base) + "/s";
            case BYTES -> number(base) + " B";
        };
    }

    /** At most three decimals, no trailing zeros, no grouping. */
    static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        String s = String.format(Locale.ROOT, "%.3f", v);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    private static Map<String, Double> units(Object... pairs) {
        Map<String, Double> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], ((Number) pairs[i + 1]).doubleValue());
        }
        return java.util.Collections.unmodifiableMap(map);
    }
}
