package dev.zkload.sim;

import java.time.Duration;
import java.util.Objects;

/**
 * The shape of one simulated Saturn domain: the version it follows, how many executors and
 * console sharding sessions, jobs, items and config fields it has, and how long a run lasts. Two
 * presets: {@link #saturn21()} (Saturn 2.1 with shell jobs as the 2017 capacity report ran it, the
 * default) and {@link #saturn3()} (Saturn 3.x with Java jobs).
 *
 * <pre>{@code
 * SaturnModel model = SaturnModel.saturn21().toBuilder().jobsPerDomain(10).build();
 * Footprint perDomain = model.expectedFootprint(); // what each domain should add on the servers
 * }</pre>
 *
 * @param version            the Saturn line followed
 * @param executorsPerDomain executors (one ZooKeeper session each), at least 1
 * @param consolesPerDomain  console sharding sessions, at least 1 (one of them leads)
 * @param jobsPerDomain      jobs, at least 1
 * @param itemsPerJob        sharding items per job, at least 1
 * @param configFields       config children per job, 1 to 30 (2.1) or 34 (3.x)
 * @param runTime            how long one item run lasts, positive and below the one-minute cron period
 * @param zkClient           the ZooKeeper client line the domain's processes run on (how the latches are made)
 */
public record SaturnModel(
        SaturnVersion version,
        int executorsPerDomain,
        int consolesPerDomain,
        int jobsPerDomain,
        int itemsPerJob,
        int configFields,
        Duration runTime,
        ZkClientLine zkClient) {
    /** Each job fires once per this period, at a second of the minute drawn at random per job. */
    public static final Duration CRON_PERIOD = Duration.ofMinutes(1);
    /** Saturn's processCountIntervalSeconds: each executor writes its counters of each job this often. */
    public static final Duration STATS_PERIOD = Duration.ofMinutes(5);

    /**
     * A model of any sizes; the presets and {@link #toBuilder()} are the usual way to one.
     *
     * @param version            the Saturn line followed
     * @param executorsPerDomain executors, at least 1
     * @param consolesPerDomain  console sharding sessions, at least 1
     * @param jobsPerDomain      jobs, at least 1
     * @param itemsPerJob        sharding items per job, at least 1
     * @param configFields       config children per job, 1 to the version's number of fields
     * @param runTime            how long one item run lasts, positive and below 60 s
     * @param zkClient           the ZooKeeper client line
     * @throws IllegalArgumentException naming the field that is wrong
     */
    public SaturnModel {
        Objects.requireNonNull(version, "version");
        positive("executorsPerDomain", executorsPerDomain);
        positive("consolesPerDomain", consolesPerDomain);
        positive("jobsPerDomain", jobsPerDomain);
        positive("itemsPerJob", itemsPerJob);
        int maxFields = version.configFields().size();
        if (configFields < 1 || configFields > maxFields) {
            throw new IllegalArgumentException(
                    "configFields must be between 1 and " + maxFields + " for " + version + ", got " + configFields);
        }
        Objects.requireNonNull(runTime, "runTime");
        if (runTime.isNegative() || runTime.isZero() || runTime.compareTo(CRON_PERIOD) >= 0) {
            throw new IllegalArgumentException("runTime must be positive and below 60 s, got " + runTime);
        }
        Objects.requireNonNull(zkClient, "zkClient");
    }

    /**
     * A model on the ZooKeeper client line its version's executors ship with (3.4 for 2.1, 3.5 for 3.x).
     *
     * @param version            the Saturn line followed
     * @param executorsPerDomain executors, at least 1
     * @param consolesPerDomain  console sharding sessions, at least 1
     * @param jobsPerDomain      jobs, at least 1
     * @param itemsPerJob        sharding items per job, at least 1
     * @param configFields       config children per job, 1 to the version's number of fields
     * @param runTime            how long one item run lasts, positive and below 60 s
     * @throws IllegalArgumentException naming the field that is wrong
     */
    public SaturnModel(
            SaturnVersion version,
            int executorsPerDomain,
            int consolesPerDomain,
            int jobsPerDomain,
            int itemsPerJob,
            int configFields,
            Duration runTime) {
        this(
                version,
                executorsPerDomain,
                consolesPerDomain,
                jobsPerDomain,
                itemsPerJob,
                configFields,
                runTime,
                Objects.requireNonNull(version, "version").defaultClient());
    }

    /**
     * Saturn 2.1.x shell jobs as in the 2017 report: 3 executors, 2 consoles, 35 jobs of 3 items,
     * 22 config fields, 2 s runs.
     *
     * @return the preset
     */
    public static SaturnModel saturn21() {
        return of(SaturnVersion.SATURN_2_1);
    }

    /**
     * Saturn 3.x Java jobs: as {@link #saturn21()} but with all 34 config fields, on the ZooKeeper 3.5
     * client line Saturn 3.5's executors ship with.
     *
     * @return the preset
     */
    public static SaturnModel saturn3() {
        return of(SaturnVersion.SATURN_3);
    }

    /**
     * The preset of a version: 3 executors, 2 consoles, 35 jobs of 3 items, the version's usual
     * config fields, 2 s runs, the ZooKeeper client its executors ship with.
     *
     * @param version the Saturn line
     * @return the preset
     */
    public static SaturnModel of(SaturnVersion version) {
        return new SaturnModel(version, 3, 2, 35, 3, version.defaultConfigFields(), Duration.ofSeconds(2));
    }

    /**
     * The preset of a version named as the command line names it.
     *
     * @param name {@code saturn-2.1} or {@code saturn-3}
     * @return the preset
     * @throws IllegalArgumentException for any other name
     */
    public static SaturnModel named(String name) {
        return of(SaturnVersion.of(name));
    }

    /**
     * The version's name, as result files record the model.
     *
     * @return {@code saturn-2.1} or {@code saturn-3}
     */
    public String name() {
        return version.id();
    }

    /**
     * What one domain of this model adds on the servers in steady state (docs/executor-sim.md
     * gives the arithmetic).
     *
     * @return the expected footprint per domain
     */
    public Footprint expectedFootprint() {
        return FootprintModel.of(this);
    }

    /**
     * A builder starting from this model's values.
     *
     * @return a new builder
     */
    public Builder toBuilder() {
        return new Builder(this);
    }

    private static void positive(String field, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(field + " must be at least 1, got " + value);
        }
    }

    /** Changes some sizes of a model, or its client line; {@link #build()} validates. The version stays the preset's. */
    public static final class Builder {
        private final SaturnVersion version;
        private int executors;
        private int consoles;
        private int jobs;
        private int items;
        private int configFields;
        private Duration runTime;
        private ZkClientLine zkClient;

        private Builder(SaturnModel m) {
            version = m.version;
            executors = m.executorsPerDomain;
            consoles = m.consolesPerDomain;
            jobs = m.jobsPerDomain;
            items = m.itemsPerJob;
            configFields = m.configFields;
            runTime = m.runTime;
            zkClient = m.zkClient;
        }

        /**
         * Executors per domain, each a ZooKeeper session.
         *
         * @param n at least 1
         * @return this builder
         */
        public Builder executorsPerDomain(int n) {
            executors = n;
            return this;
        }

        /**
         * Console sharding sessions per domain; one of them leads and reshards.
         *
         * @param n at least 1
         * @return this builder
         */
        public Builder consolesPerDomain(int n) {
            consoles = n;
            return this;
        }

        /**
         * Jobs per domain.
         *
         * @param n at least 1
         * @return this builder
         */
        public Builder jobsPerDomain(int n) {
            jobs = n;
            return this;
        }

        /**
         * Sharding items per job.
         *
         * @param n at least 1
         * @return this builder
         */
        public Builder itemsPerJob(int n) {
            items = n;
            return this;
        }

        /**
         * Config children per job; {@code jobClass} is always among them.
         *
         * @param n 1 to 30 (2.1) or 34 (3.x)
         * @return this builder
         */
        public Builder configFields(int n) {
            configFields = n;
            return this;
        }

        /**
         * How long one item run lasts.
         *
         * @param d positive, below 60 s
         * @return this builder
         */
        public Builder runTime(Duration d) {
            runTime = d;
            return this;
        }

        /**
         * The ZooKeeper client line the domain's processes run on: with 3.5 the latches of the elections are
         * container znodes, which the server deletes once empty ({@link ZkClientLine}).
         *
         * @param line the client line
         * @return this builder
         */
        public Builder zkClient(ZkClientLine line) {
            zkClient = line;
            return this;
        }

        /**
         * The model.
         *
         * @return the validated model
         * @throws IllegalArgumentException naming the field that is wrong
         */
        public SaturnModel build() {
            return new SaturnModel(version, executors, consoles, jobs, items, configFields, runTime, zkClient);
        }
    }
}
