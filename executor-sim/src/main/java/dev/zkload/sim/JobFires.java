package dev.zkload.sim;

import java.time.Instant;
import java.util.Objects;

/**
 * The simulated jobs' fires that came due in a window, and how many of them were delivered: their runs
 * done within their run time plus ten seconds of the due instant. On an ensemble that keeps up every fire
 * is delivered; a share below one means the domains' work fell short (sessions cut, requests failing, or
 * requests queued for seconds at a throttled or saturated server), whatever the server's own counters say.
 *
 * <pre>{@code
 * JobFires f = fleet.jobFires(from, Instant.now());
 * if (f.due() > 0 && f.deliveredShare() < 0.95) { ... }   // the ensemble did not carry the load
 * }</pre>
 *
 * <p>A class with a builder rather than a record, so that it can grow without breaking a caller's code.
 */
public final class JobFires {
    private final long due;
    private final long delivered;
    private final Instant judgedUntil;

    private JobFires(Builder b) {
        this.due = b.due;
        this.delivered = b.delivered;
        this.judgedUntil = Objects.requireNonNull(b.judgedUntil, "judgedUntil");
        if (due < 0 || delivered < 0 || delivered > due) {
            throw new IllegalArgumentException("0 <= delivered <= due, got " + delivered + " of " + due);
        }
    }

    /**
     * A builder, for code that makes its own (a test double): nothing due, judged until the epoch.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /** {@return fires that came due in the window and whose time to deliver is over} */
    public long due() {
        return due;
    }

    /** {@return of those, fires whose runs were done in time} */
    public long delivered() {
        return delivered;
    }

    /**
     * The end of the part of the window judged: fires due after it may still be delivered and are not counted yet.
     *
     * @return the instant, at most the window's end
     */
    public Instant judgedUntil() {
        return judgedUntil;
    }

    /**
     * Delivered over due, 0–1.
     *
     * @return the share delivered; NaN when no fire was due
     */
    public double deliveredShare() {
        return due == 0 ? Double.NaN : (double) delivered / due;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JobFires f && due == f.due && delivered == f.delivered && judgedUntil.equals(f.judgedUntil);
    }

    @Override
    public int hashCode() {
        return Objects.hash(due, delivered, judgedUntil);
    }

    @Override
    public String toString() {
        return "JobFires[due=" + due + ", delivered=" + delivered + ", judgedUntil=" + judgedUntil + "]";
    }

    /** The counts of a window; {@link #build()} checks that no more were delivered than came due. */
    public static final class Builder {
        private long due;
        private long delivered;
        private Instant judgedUntil = Instant.EPOCH;

        private Builder() {}

        /**
         * Sets fires due in the window and judged.
         *
         * @param n fires due in the window and judged
         * @return this builder
         */
        public Builder due(long n) {
            this.due = n;
            return this;
        }

        /**
         * Sets of those, fires delivered.
         *
         * @param n of those, fires delivered
         * @return this builder
         */
        public Builder delivered(long n) {
            this.delivered = n;
            return this;
        }

        /**
         * Sets the end of the part of the window judged.
         *
         * @param until the end of the part of the window judged
         * @return this builder
         */
        public Builder judgedUntil(Instant until) {
            this.judgedUntil = Objects.requireNonNull(until, "until");
            return this;
        }

        /**
         * The window's fires.
         *
         * @return a new value
         * @throws IllegalArgumentException when delivered is negative or above due
         */
        public JobFires build() {
            return new JobFires(this);
        }
    }
}
