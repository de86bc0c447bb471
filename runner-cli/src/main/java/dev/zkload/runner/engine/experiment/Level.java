package dev.zkload.runner.engine.experiment;

/**
 * One level of a sweep: its value, and the way the user wrote it (so {@code 100k} stays {@code 100k}
 * in the results and the charts).
 */
public record Level(String label, long value) {
    public Level {
        if (value < 0) {
            throw new IllegalArgumentException("a level cannot be negative, got " + label);
        }
    }
}
