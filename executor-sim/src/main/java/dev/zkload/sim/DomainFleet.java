package dev.zkload.sim;

import dev.zkload.sim.internal.Fleet;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Objects;
import java.util.function.LongConsumer;

/**
 * Saturn-shaped load on a real ZooKeeper ensemble: domains of consoles and executors that build,
 * watch and run their jobs the way Saturn does (saturn-model.md).
 *
 * <pre>{@code
 * try (DomainFleet fleet = DomainFleet.builder("zk1:2181,zk2:2181,zk3:2181")
 *         .root("/zkload/sim-1").model(SaturnModel.saturn21()).build()) {
 *     fleet.start();
 *     fleet.addDomains(100);          // returns when all 100 are registered
 *     FleetSnapshot now = fleet.snapshot();
 * }                                   // close() removes everything under the root
 * }</pre>
 *
 * <p>Hazards: every znode lives under the root, which must not be {@code /} or under
 * {@code /zookeeper}, and {@link #close()} deletes the whole root. One session per executor and
 * per console: 700 domains of the default model are 3,500 sessions, about 2 threads each. Domains
 * are started in batches of {@link Builder#startBatch(int)} sessions so that thousands of watches
 * do not arrive at once.
 */
public interface DomainFleet extends AutoCloseable {

    static Builder builder(String connectString) {
        return new Builder(connectString);
    }

    /** Creates the root and the shared scheduler. */
    void start() throws InterruptedException;

    /**
     * Adds {@code n} domains and returns when every one is registered: its tree written, its consoles
     * watching, its executors' ephemerals, watches and job leaders in place.
     *
     * @throws DomainStartException naming the first domain that failed and why
     */
    void addDomains(int n) throws InterruptedException;

    /** Shuts the last {@code n} domains down gracefully (saturn-model.md 4.5) and removes their nodes. */
    void removeDomains(int n) throws InterruptedException;

    /** What the fleet is doing now. */
    FleetSnapshot snapshot();

    /** Stops every session and deletes the root with everything under it. Idempotent. */
    @Override
    void close() throws InterruptedException;

    /** Settings of a fleet; {@link #build()} validates them. */
    final class Builder {
        private final String connectString;
        private String root = "/zkload/sim";
        private SaturnModel model = SaturnModel.saturn21();
        private MeterRegistry meters;
        private int startBatch = 200;
        private Duration addTimeout = Duration.ofMinutes(5);
        private boolean jobRuns = true;
        private LongConsumer fireLag = lag -> { };

        private Builder(String connectString) {
            this.connectString = Objects.requireNonNull(connectString, "connectString");
        }

        /** Znode under which every domain lives; created if missing, deleted at close. */
        public Builder root(String root) {
            this.root = root;
            return this;
        }

        public Builder model(SaturnModel model) {
            this.model = Objects.requireNonNull(model, "model");
            return this;
        }

        /** Registers the fleet's gauges and counters ({@code zkload.sim.*}) here. */
        public Builder meterRegistry(MeterRegistry meters) {
            this.meters = meters;
            return this;
        }

        /** Most sessions starting at once. Default 200. */
        public Builder startBatch(int sessions) {
            this.startBatch = sessions;
            return this;
        }

        /** How long {@link DomainFleet#addDomains} waits for a batch. Default 5 min. */
        public Builder addTimeout(Duration timeout) {
            this.addTimeout = Objects.requireNonNull(timeout, "addTimeout");
            return this;
        }

        /**
         * Whether jobs fire (default true). With {@code false} the domains register and hold their
         * sessions, caches and watches but never run: the standing cost of a domain without its run traffic.
         */
        public Builder jobRuns(boolean run) {
            this.jobRuns = run;
            return this;
        }

        /**
         * Told of every job fire how late it began against its cron instant, in microseconds (never
         * negative). A load generator that cannot keep its schedule is the bottleneck of its own test;
         * this is how the caller finds out. Called on the fleet's scheduler thread for every fire
         * (35 jobs × 3 executors a minute per domain by default): keep it quick, e.g. an HdrHistogram
         * {@code Recorder}.
         */
        public Builder fireLagListener(LongConsumer lateMicros) {
            this.fireLag = Objects.requireNonNull(lateMicros, "lateMicros");
            return this;
        }

        /** @throws IllegalArgumentException naming the setting that is wrong */
        public DomainFleet build() {
            if (connectString.isBlank()) {
                throw new IllegalArgumentException("connectString must not be blank");
            }
            if (root == null || !root.startsWith("/") || root.equals("/") || root.endsWith("/") || root.contains("//")) {
                throw new IllegalArgumentException("root must be an absolute znode path other than /, got '" + root + "'");
            }
            if (root.equals("/zookeeper") || root.startsWith("/zookeeper/")) {
                throw new IllegalArgumentException("root " + root + " is refused: /zookeeper is ZooKeeper's own tree");
            }
            if (startBatch < 1) {
                throw new IllegalArgumentException("startBatch must be at least 1, got " + startBatch);
            }
            if (addTimeout.isNegative() || addTimeout.isZero()) {
                throw new IllegalArgumentException("addTimeout must be positive, got " + addTimeout);
            }
            return new Fleet(connectString, root, model, meters, startBatch, addTimeout, jobRuns, fireLag);
        }
    }
}
