package dev.zkload.runner.report;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** How the report writes numbers: no grouping (like the 2017 report), '.' as decimal point, "n/a" for absent. */
final class Numbers {
    static final String ABSENT = "n/a";
    private static final double GIB = 1024.0 * 1024 * 1024;
    private static final double MIB = 1024.0 * 1024;

    private Numbers() {}

    static String integer(Long value) {
        return value == null ? ABSENT : Long.toString(value);
    }

    static String integer(Integer value) {
        return value == null ? ABSENT : Integer.toString(value);
    }

    /** At most {@code decimals} decimals, trailing zeros dropped: 12.50 → "12.5", 300.0 → "300". */
    static String decimal(Double value, int decimals) {
        if (value == null || value.isNaN() || value.isInfinite()) {
            return ABSENT;
        }
        BigDecimal rounded = BigDecimal.valueOf(value)
                .setScale(decimals, RoundingMode.HALF_UP)
                .stripTrailingZeros();
        return rounded.scale() < 0 ? rounded.setScale(0).toPlainString() : rounded.toPlainString();
    }

    static String gib(Long bytes) {
        return bytes == null ? ABSENT : decimal(bytes / GIB, 2);
    }

    static String mib(Long bytes) {
        return bytes == null ? ABSENT : decimal(bytes / MIB, 1);
    }
}
