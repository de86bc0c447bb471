package dev.zkload.bench.testing;

import java.time.Duration;

/** The one scalable test timeout: multiply by {@code -Dzkload.test.timeoutScale=N} on a slow machine. */
public final class Timeouts {
    private static final double SCALE = Double.parseDouble(System.getProperty("zkload.test.timeoutScale", "1"));

    private Timeouts() {}

    public static Duration scaled(Duration base) {
        return Duration.ofMillis((long) (base.toMillis() * SCALE));
    }

    public static Duration seconds(long seconds) {
        return scaled(Duration.ofSeconds(seconds));
    }
}
