package dev.zkload.sim;

import java.time.Duration;
import java.util.Objects;

/**
 * The shape of one simulated Saturn domain (saturn-model.md): how many executors and console
 * sharding sessions, jobs, items, config fields, and how long a run lasts. Two presets follow the
 * specification: {@link #saturn21()} (the 2017 report's Saturn 2.1 with shell jobs, the default)
 * and {@link #saturn3()} (Saturn 3.x with Java jobs).
 *
 * <pre>{@code
 * SaturnModel model = SaturnModel.saturn21().toBuilder().jobsPerDomain(10).build();
 * Footprint perDomain = model.expectedFootprint(); // what each domain should add on the servers
 * }</pre>
 *
 * @param name               {@code saturn-2.1} or {@code saturn-3}
 * @param executorsPerDomain executors (one ZooKeeper session each), ≥ 1
 * @param consolesPerDomain  console sharding sessions, ≥ 1 (one of them leads)
 * @param jobsPerDomain      jobs, ≥ 1
 * @param itemsPerJob        sharding items per job, ≥ 1
 * @param configFields       config children per job, 1 to 30 (2.1) or 34 (3.x)
 * @param runTime            how long one item run lasts, &gt; 0 and below the 60 s cron period
 */
public record SaturnModel(String name, int executorsPerDomain, int consolesPerDomain, int jobsPerDomain,
        int itemsPerJob, int configFields, Duration runTime) {
    public static final String SATURN_21 = "saturn-2.1";
    public static final String SATURN_3 = "saturn-3";
    /** Each job fires once per this period, at a random second. */
    public static final Duration CRON_PERIOD = Duration.ofMinutes(1);
    /** processCountIntervalSeconds: executors write their counters this often per job. */
    public static final Duration STATS_PERIOD = Duration.ofSeconds(300);

    public SaturnModel {
        Objects.requireNonNull(name, "name");
        if (!name.equals(SATURN_21) && !name.equals(SATURN_3)) {
            throw new IllegalArgumentException("name must be saturn-2.1 or saturn-3, got '" + name + "'");
        }
        positive("executorsPerDomain", executorsPerDomain);
        positive("consolesPerDomain", consolesPerDomain);
        positive("jobsPerDomain", jobsPerDomain);
        positive("itemsPerJob", itemsPerJob);
        int maxFields = name.equals(SATURN_21) ? 30 : 34;
        if (configFields < 1 || configFields > maxFields) {
            throw new IllegalArgumentException("configFields must be between 1 and " + maxFields + " for " + name
                    + ", got " + configFields);
        }
        Objects.requireNonNull(runTime, "runTime");
        if (runTime.isNegative() || runTime.isZero() || runTime.compareTo(CRON_PERIOD) >= 0) {
            throw new IllegalArgumentException("runTime must be positive and below 60 s, got " + runTime);
        }
    }

    /** Saturn 2.1.x shell jobs as in the 2017 report: 3 executors, 2 consoles, 35 jobs × 3 items, 22 config fields. */
    public static SaturnModel saturn21() {
        return new SaturnModel(SATURN_21, 3, 2, 35, 3, 22, Duration.ofSeconds(2));
    }

    /** Saturn 3.x Java jobs: as {@link #saturn21()} but 34 config fields (and jobVersion, one status write per fire). */
    public static SaturnModel saturn3() {
        return new SaturnModel(SATURN_3, 3, 2, 35, 3, 34, Duration.ofSeconds(2));
    }

    /** The preset named {@code saturn-2.1} or {@code saturn-3}. */
    public static SaturnModel named(String name) {
        return switch (name) {
            case SATURN_21 -> saturn21();
            case SATURN_3 -> saturn3();
            default -> throw new IllegalArgumentException("unknown model '" + name + "': use saturn-2.1 or saturn-3");
        };
    }

    public boolean isSaturn3() {
        return name.equals(SATURN_3);
    }

    /** What one domain of this model adds on the servers in steady state (saturn-model.md, section 5). */
    public Footprint expectedFootprint() {
        return FootprintModel.of(this);
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    private static void positive(String field, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(field + " must be at least 1, got " + value);
        }
    }

    /** Changes some sizes of a preset; {@link #build()} validates. */
    public static final class Builder {
        private final String name;
        private int executors;
        private int consoles;
        private int jobs;
        private int items;
        private int configFields;
        private Duration runTime;

        private Builder(SaturnModel m) {
            name = m.name;
            executors = m.executorsPerDomain;
            consoles = m.consolesPerDomain;
            jobs = m.jobsPerDomain;
            items = m.itemsPerJob;
            configFields = m.configFields;
            runTime = m.runTime;
        }

        public Builder executorsPerDomain(int n) {
            executors = n;
            return this;
        }

        public Builder consolesPerDomain(int n) {
            consoles = n;
            return this;
        }

        public Builder jobsPerDomain(int n) {
            jobs = n;
            return this;
        }

        public Builder itemsPerJob(int n) {
            items = n;
            return this;
        }

        public Builder configFields(int n) {
            configFields = n;
            return this;
        }

        public Builder runTime(Duration d) {
            runTime = d;
            return this;
        }

        public SaturnModel build() {
            return new SaturnModel(name, executors, consoles, jobs, items, configFields, runTime);
        }
    }
}
