package dev.zkload.sim;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What a fleet is doing at one instant, counted on the client side. Every map holds every key of
 * its enum (zero when nothing happened), so {@code operations().get(Operation.MULTI)} is never null.
 *
 * <p>A class with a builder rather than a record, so that it can grow: a new count comes with a default (zero)
 * in the builder, and no constructor or deconstruction pattern of a caller's changes. Code that builds a
 * snapshot itself, as a test double does, sets what it needs:
 *
 * <pre>{@code
 * FleetSnapshot s = FleetSnapshot.builder().domains(4).executors(12).consoles(8).sessionsOpen(20).build();
 * }</pre>
 */
public final class FleetSnapshot {
    private final int domains;
    private final int executors;
    private final int consoles;
    private final int jobs;
    private final long sessionsOpen;
    private final long sessionsConnected;
    private final long runsStarted;
    private final long runsCompleted;
    private final long runsFailed;
    private final Map<Operation, Long> operations;
    private final long operationErrors;
    private final Map<String, Long> operationErrorCodes;
    private final Map<SessionEvent, Long> sessionEvents;
    private final Map<FailureKind, Long> failures;
    private final Map<ReshardCause, Long> reshardsByCause;
    private final long reshardWrites;
    private final long shardingRetries;
    private final long jobsWithoutLeader;
    private final int domainsWithoutConsoleLeader;
    private final long controlSessionExpiries;
    private final long rootRewrites;

    private FleetSnapshot(Builder b) {
        domains = b.domains;
        executors = b.executors;
        consoles = b.consoles;
        jobs = b.jobs;
        sessionsOpen = b.sessionsOpen;
        sessionsConnected = b.sessionsConnected;
        runsStarted = b.runsStarted;
        runsCompleted = b.runsCompleted;
        runsFailed = b.runsFailed;
        operations = complete(Operation.class, b.operations);
        operationErrors = b.operationErrors;
        operationErrorCodes = Collections.unmodifiableMap(new TreeMap<>(b.operationErrorCodes));
        sessionEvents = complete(SessionEvent.class, b.sessionEvents);
        failures = complete(FailureKind.class, b.failures);
        reshardsByCause = complete(ReshardCause.class, b.reshardsByCause);
        reshardWrites = b.reshardWrites;
        shardingRetries = b.shardingRetries;
        jobsWithoutLeader = b.jobsWithoutLeader;
        domainsWithoutConsoleLeader = b.domainsWithoutConsoleLeader;
        controlSessionExpiries = b.controlSessionExpiries;
        rootRewrites = b.rootRewrites;
    }

    /**
     * A builder of a snapshot, every count zero: for code that builds snapshots itself (a test double).
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A builder that starts from this snapshot's counts.
     *
     * @return a new builder
     */
    public Builder toBuilder() {
        return new Builder()
                .domains(domains)
                .executors(executors)
                .consoles(consoles)
                .jobs(jobs)
                .sessionsOpen(sessionsOpen)
                .sessionsConnected(sessionsConnected)
                .runsStarted(runsStarted)
                .runsCompleted(runsCompleted)
                .runsFailed(runsFailed)
                .operations(operations)
                .operationErrors(operationErrors)
                .operationErrorCodes(operationErrorCodes)
                .sessionEvents(sessionEvents)
                .failures(failures)
                .reshardsByCause(reshardsByCause)
                .reshardWrites(reshardWrites)
                .shardingRetries(shardingRetries)
                .jobsWithoutLeader(jobsWithoutLeader)
                .domainsWithoutConsoleLeader(domainsWithoutConsoleLeader)
                .controlSessionExpiries(controlSessionExpiries)
                .rootRewrites(rootRewrites);
    }

    /** {@return domains registered or being registered} */
    public int domains() {
        return domains;
    }

    /** {@return executor processes simulated} */
    public int executors() {
        return executors;
    }

    /** {@return console sharding sessions} */
    public int consoles() {
        return consoles;
    }

    /** {@return jobs over all domains} */
    public int jobs() {
        return jobs;
    }

    /** {@return ZooKeeper sessions open now, executors and consoles} */
    public long sessionsOpen() {
        return sessionsOpen;
    }

    /** {@return of the open sessions, those connected now} */
    public long sessionsConnected() {
        return sessionsConnected;
    }

    /** {@return item runs started (running node created)} */
    public long runsStarted() {
        return runsStarted;
    }

    /** {@return item runs completed (completed node written, running deleted)} */
    public long runsCompleted() {
        return runsCompleted;
    }

    /** {@return fires that failed on a ZooKeeper error (also counted as {@link FailureKind#JOB_FIRE})} */
    public long runsFailed() {
        return runsFailed;
    }

    /** {@return ZooKeeper requests issued, by kind} */
    public Map<Operation, Long> operations() {
        return operations;
    }

    /**
     * Requests that failed: answered with an error code the simulator does not expect; not those cut short by their
     * session's own close, nor the races Saturn's own processes meet and retry (a job leader's reshard meeting an
     * executor still registering).
     *
     * @return the count
     */
    public long operationErrors() {
        return operationErrors;
    }

    /**
     * The failed requests by operation and ZooKeeper error code, e.g. {@code "set_data NONODE" -> 3} or
     * {@code "multi CONNECTIONLOSS" -> 1}; only the pairs that occurred, sorted.
     *
     * @return the counts by {@code "<operation id> <CODE>"}
     */
    public Map<String, Long> operationErrorCodes() {
        return operationErrorCodes;
    }

    /** {@return connection events, by kind} */
    public Map<SessionEvent, Long> sessionEvents() {
        return sessionEvents;
    }

    /** {@return background work that failed, by kind} */
    public Map<FailureKind, Long> failures() {
        return failures;
    }

    /**
     * Reshards the console leaders wrote: a new item assignment for at least one job, committed in one {@code multi},
     * because executors came or went or a console began to lead (a reshard that found nothing changed writes nothing
     * and is not counted; one that failed is a {@link FailureKind#RESHARD}). The sum of {@link #reshardsByCause()}.
     *
     * @return the count
     */
    public long reshards() {
        return reshardsByCause.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * The reshards by why they happened: executors that came or went, or a console that began to lead (every domain
     * once as it registers; again after an outage, a reshard storm).
     *
     * @return the counts, every cause present
     */
    public Map<ReshardCause, Long> reshardsByCause() {
        return reshardsByCause;
    }

    /** {@return znodes those reshards set: each changed job's assignment, then the domain's sharding content and count} */
    public long reshardWrites() {
        return reshardWrites;
    }

    /**
     * Job leaders' sharding writes that met an executor still registering (its sharding node not there yet) and are
     * written again at the job's next fire, as Saturn's job leaders do: expected while executors come and go, so
     * neither an operation error nor a failure.
     *
     * @return the count
     */
    public long shardingRetries() {
        return shardingRetries;
    }

    /**
     * Jobs whose leader host ({@code leader/election/host}) no connected executor of their domain sees: 0 once every
     * domain has registered; above 0 while a leader is being elected again, while the executors' sessions are
     * disconnected (what a cache saw before is no proof the leader is still there), and for as long as a domain's
     * executors cannot register (then {@link FailureKind#REGISTRATION} failures count).
     *
     * @return the count
     */
    public long jobsWithoutLeader() {
        return jobsWithoutLeader;
    }

    /**
     * Domains whose console leader host ({@code $SaturnExecutors/leader/host}) no connected console session of
     * theirs sees: 0 once every domain has registered and its consoles are connected.
     *
     * @return the count
     */
    public int domainsWithoutConsoleLeader() {
        return domainsWithoutConsoleLeader;
    }

    /**
     * Times the fleet's control session expired and was replaced (a partition or an outage longer than the session
     * timeout): each time the root's claim went with it and was taken again.
     *
     * @return the count
     */
    public long controlSessionExpiries() {
        return controlSessionExpiries;
    }

    /**
     * Times the fleet found its root gone from the ensemble and wrote it again, its claim and every domain's tree:
     * a server that came back without its data (the ensemble lost what the fleet had written).
     *
     * @return the count
     */
    public long rootRewrites() {
        return rootRewrites;
    }

    /**
     * Whether every job has its leader and every domain its console leader, as the fleet's connected sessions see
     * them: false while a leader is elected again, while the sessions that would see it are disconnected, and for
     * as long as a domain cannot register.
     *
     * @return no job and no domain without its leader
     */
    public boolean leadersComplete() {
        return jobsWithoutLeader == 0 && domainsWithoutConsoleLeader == 0;
    }

    /**
     * Sessions the servers should see: executors plus consoles.
     *
     * @return executors plus consoles
     */
    public long sessions() {
        return (long) executors + consoles;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FleetSnapshot s
                && domains == s.domains
                && executors == s.executors
                && consoles == s.consoles
                && jobs == s.jobs
                && sessionsOpen == s.sessionsOpen
                && sessionsConnected == s.sessionsConnected
                && runsStarted == s.runsStarted
                && runsCompleted == s.runsCompleted
                && runsFailed == s.runsFailed
                && operations.equals(s.operations)
                && operationErrors == s.operationErrors
                && operationErrorCodes.equals(s.operationErrorCodes)
                && sessionEvents.equals(s.sessionEvents)
                && failures.equals(s.failures)
                && reshardsByCause.equals(s.reshardsByCause)
                && reshardWrites == s.reshardWrites
                && shardingRetries == s.shardingRetries
                && jobsWithoutLeader == s.jobsWithoutLeader
                && domainsWithoutConsoleLeader == s.domainsWithoutConsoleLeader
                && controlSessionExpiries == s.controlSessionExpiries
                && rootRewrites == s.rootRewrites;
    }

    @Override
    public int hashCode() {
        return Objects.hash(
                domains,
                executors,
                consoles,
                jobs,
                sessionsOpen,
                sessionsConnected,
                runsStarted,
                runsCompleted,
                runsFailed,
                operations,
                operationErrors,
                operationErrorCodes,
                sessionEvents,
                failures,
                reshardsByCause,
                reshardWrites,
                shardingRetries,
                jobsWithoutLeader,
                domainsWithoutConsoleLeader,
                controlSessionExpiries,
                rootRewrites);
    }

    @Override
    public String toString() {
        return "FleetSnapshot[domains=" + domains + ", executors=" + executors + ", consoles=" + consoles + ", jobs="
                + jobs + ", sessionsOpen=" + sessionsOpen + ", sessionsConnected=" + sessionsConnected
                + ", runsStarted=" + runsStarted + ", runsCompleted=" + runsCompleted + ", runsFailed=" + runsFailed
                + ", operations=" + operations + ", operationErrors=" + operationErrors + ", operationErrorCodes="
                + operationErrorCodes + ", sessionEvents=" + sessionEvents + ", failures=" + failures
                + ", reshardsByCause="
                + reshardsByCause + ", reshardWrites=" + reshardWrites + ", shardingRetries=" + shardingRetries
                + ", jobsWithoutLeader=" + jobsWithoutLeader + ", domainsWithoutConsoleLeader="
                + domainsWithoutConsoleLeader + ", controlSessionExpiries=" + controlSessionExpiries
                + ", rootRewrites=" + rootRewrites + "]";
    }

    private static <K extends Enum<K>> Map<K, Long> complete(Class<K> type, Map<K, Long> counts) {
        Map<K, Long> all = new EnumMap<>(type);
        for (K k : type.getEnumConstants()) {
            all.put(k, counts.getOrDefault(k, 0L));
        }
        return Collections.unmodifiableMap(all);
    }

    /** The counts of a snapshot, each zero until set; {@link #build()} copies the maps. */
    public static final class Builder {
        private int domains;
        private int executors;
        private int consoles;
        private int jobs;
        private long sessionsOpen;
        private long sessionsConnected;
        private long runsStarted;
        private long runsCompleted;
        private long runsFailed;
        private Map<Operation, Long> operations = Map.of();
        private long operationErrors;
        private Map<String, Long> operationErrorCodes = Map.of();
        private Map<SessionEvent, Long> sessionEvents = Map.of();
        private Map<FailureKind, Long> failures = Map.of();
        private Map<ReshardCause, Long> reshardsByCause = Map.of();
        private long reshardWrites;
        private long shardingRetries;
        private long jobsWithoutLeader;
        private int domainsWithoutConsoleLeader;
        private long controlSessionExpiries;
        private long rootRewrites;

        private Builder() {}

        /**
         * Sets domains registered or being registered.
         *
         * @param n domains registered or being registered
         * @return this builder
         */
        public Builder domains(int n) {
            this.domains = n;
            return this;
        }

        /**
         * Sets executor processes simulated.
         *
         * @param n executor processes simulated
         * @return this builder
         */
        public Builder executors(int n) {
            this.executors = n;
            return this;
        }

        /**
         * Sets console sharding sessions.
         *
         * @param n console sharding sessions
         * @return this builder
         */
        public Builder consoles(int n) {
            this.consoles = n;
            return this;
        }

        /**
         * Sets jobs over all domains.
         *
         * @param n jobs over all domains
         * @return this builder
         */
        public Builder jobs(int n) {
            this.jobs = n;
            return this;
        }

        /**
         * Sets sessions open now.
         *
         * @param n sessions open now
         * @return this builder
         */
        public Builder sessionsOpen(long n) {
            this.sessionsOpen = n;
            return this;
        }

        /**
         * Sets of those, sessions connected now.
         *
         * @param n of those, sessions connected now
         * @return this builder
         */
        public Builder sessionsConnected(long n) {
            this.sessionsConnected = n;
            return this;
        }

        /**
         * Sets item runs started.
         *
         * @param n item runs started
         * @return this builder
         */
        public Builder runsStarted(long n) {
            this.runsStarted = n;
            return this;
        }

        /**
         * Sets item runs completed.
         *
         * @param n item runs completed
         * @return this builder
         */
        public Builder runsCompleted(long n) {
            this.runsCompleted = n;
            return this;
        }

        /**
         * Sets fires that failed.
         *
         * @param n fires that failed
         * @return this builder
         */
        public Builder runsFailed(long n) {
            this.runsFailed = n;
            return this;
        }

        /**
         * Sets requests issued, by kind; the kinds missing are zero.
         *
         * @param counts requests issued, by kind; the kinds missing are zero
         * @return this builder
         */
        public Builder operations(Map<Operation, Long> counts) {
            this.operations = Objects.requireNonNull(counts, "counts");
            return this;
        }

        /**
         * Sets requests that failed.
         *
         * @param n requests that failed
         * @return this builder
         */
        public Builder operationErrors(long n) {
            this.operationErrors = n;
            return this;
        }

        /**
         * Sets failed requests by {@code "<operation id> <CODE>"}.
         *
         * @param counts failed requests by {@code "<operation id> <CODE>"}
         * @return this builder
         */
        public Builder operationErrorCodes(Map<String, Long> counts) {
            this.operationErrorCodes = Objects.requireNonNull(counts, "counts");
            return this;
        }

        /**
         * Sets connection events, by kind; the kinds missing are zero.
         *
         * @param counts connection events, by kind; the kinds missing are zero
         * @return this builder
         */
        public Builder sessionEvents(Map<SessionEvent, Long> counts) {
            this.sessionEvents = Objects.requireNonNull(counts, "counts");
            return this;
        }

        /**
         * Sets background work that failed, by kind; the kinds missing are zero.
         *
         * @param counts background work that failed, by kind; the kinds missing are zero
         * @return this builder
         */
        public Builder failures(Map<FailureKind, Long> counts) {
            this.failures = Objects.requireNonNull(counts, "counts");
            return this;
        }

        /**
         * Sets the reshards the console leaders wrote, by cause.
         *
         * @param counts the reshards by cause; the causes missing are zero
         * @return this builder
         */
        public Builder reshardsByCause(Map<ReshardCause, Long> counts) {
            this.reshardsByCause = Objects.requireNonNull(counts, "counts");
            return this;
        }

        /**
         * Sets znodes those reshards set.
         *
         * @param n znodes those reshards set
         * @return this builder
         */
        public Builder reshardWrites(long n) {
            this.reshardWrites = n;
            return this;
        }

        /**
         * Sets jobs whose leader host no executor sees.
         *
         * @param n jobs whose leader host no executor sees
         * @return this builder
         */
        public Builder jobsWithoutLeader(long n) {
            this.jobsWithoutLeader = n;
            return this;
        }

        /**
         * Sets domains whose console leader host no console sees.
         *
         * @param n domains whose console leader host no console sees
         * @return this builder
         */
        public Builder domainsWithoutConsoleLeader(int n) {
            this.domainsWithoutConsoleLeader = n;
            return this;
        }

        /**
         * Sets the job leaders' sharding writes met by an executor still registering.
         *
         * @param n the count
         * @return this builder
         */
        public Builder shardingRetries(long n) {
            this.shardingRetries = n;
            return this;
        }

        /**
         * Sets the times the control session expired and was replaced.
         *
         * @param n the count
         * @return this builder
         */
        public Builder controlSessionExpiries(long n) {
            this.controlSessionExpiries = n;
            return this;
        }

        /**
         * Sets the times the root was found gone and written again.
         *
         * @param n the count
         * @return this builder
         */
        public Builder rootRewrites(long n) {
            this.rootRewrites = n;
            return this;
        }

        /**
         * The snapshot; the maps are copied, the kinds missing from them filled in with zero.
         *
         * @return a new snapshot
         */
        public FleetSnapshot build() {
            return new FleetSnapshot(this);
        }
    }
}
