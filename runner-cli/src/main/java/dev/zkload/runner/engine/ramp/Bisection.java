package dev.zkload.runner.engine.ramp;

import java.util.OptionalInt;

/**
 * The refinement's arithmetic: an interval whose lower end the ensemble carried (stable; 0 when no count
 * was) and whose upper end saturated it, halved step by step until it is no wider than the resolution. Every count it asks
 * for lies strictly inside the interval, so each judged step narrows it and it ends after at most
 * {@code log2(width / resolution) + 1} steps. Not thread-safe: the ramp's thread alone drives it.
 */
final class Bisection {
    private final int width;
    private int stable;
    private int saturated;

    /**
     * @param stable    domains of the last stable step, ≥ 0
     * @param saturated domains of the first saturated step, above {@code stable}
     * @param width     the widest interval that is an answer, ≥ 1
     */
    Bisection(int stable, int saturated, int width) {
        if (stable < 0 || saturated <= stable || width < 1) {
            throw new IllegalArgumentException(
                    "no interval to bisect: stable " + stable + ", saturated " + saturated + ", width " + width);
        }
        this.stable = stable;
        this.saturated = saturated;
        this.width = width;
    }

    /** The next count to judge, halfway between the ends; empty once the interval is no wider than the resolution. */
    OptionalInt next() {
        return done() ? OptionalInt.empty() : OptionalInt.of(stable + (saturated - stable) / 2);
    }

    /** The ensemble carried {@code domains}: the lower end moves up to it. */
    void stable(int domains) {
        inside(domains);
        stable = domains;
    }

    /** The ensemble saturated at {@code domains}: the upper end moves down to it. */
    void saturated(int domains) {
        inside(domains);
        saturated = domains;
    }

    boolean done() {
        return saturated - stable <= width;
    }

    /** The widest interval that is an answer. */
    int width() {
        return width;
    }

    int stable() {
        return stable;
    }

    int saturated() {
        return saturated;
    }

    private void inside(int domains) {
        if (domains <= stable || domains >= saturated) {
            throw new IllegalArgumentException(domains + " is not inside (" + stable + ", " + saturated + ")");
        }
    }
}
