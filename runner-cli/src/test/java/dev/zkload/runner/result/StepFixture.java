package dev.zkload.runner.result;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Finished steps for tests of the rules and verdicts: everything calm unless said otherwise. */
public final class StepFixture {
    static final long SESSIONS = 500;

    private StepFixture() {}

    public static Builder step(int domains) {
        return new Builder(domains);
    }

    /** A finished step with the fields the rules read; everything calm unless said otherwise. */
    public static final class Builder {
        private final int domains;
        private boolean saturated;
        private Saturation saturation = new Saturation(Saturation.Rule.HELD, 0.95, 520, 520.0);
        private boolean observable = true;
        private List<String> bound = List.of();
        private long[] events = {0, 0, 0};
        private double benchErrors;
        private double leaderless;
        private int leaderChanges;
        private final Map<String, Double> unresponsive = new java.util.TreeMap<>();
        private final Map<String, Double> silentAlone = new java.util.TreeMap<>();
        private final List<String> notServing = new java.util.ArrayList<>();
        private final Map<String, String> deaths = new java.util.TreeMap<>();
        private int servers;
        private String leaderBefore;
        private String leader;
        private StepVerdict verdict;
        private Double outstandingAvg;
        private boolean refinement;
        private boolean registrationOnly;
        private boolean baseline;
        private int answered = 100;
        private StepResources resources;
        private LeaderStages stages;
        private DeliveredWork delivered;
        private boolean lateOnly;
        private HostUsage host;
        private HostUsage hostDuringAdd;

        Builder(int domains) {
            this.domains = domains;
        }

        public Builder saturated() {
            saturated = true;
            return this;
        }

        /** Saturated by the threshold held in this share of the window's samples, with this mean. */
        public Builder saturatedAsHeld(double aboveShare, double mean) {
            saturated = true;
            saturation = new Saturation(Saturation.Rule.HELD, aboveShare, mean, mean);
            return this;
        }

        /** Saturated by the mean of a queue below the threshold in more than a tenth of the samples. */
        public Builder saturatedOnAverage(double aboveShare, double mean) {
            saturated = true;
            saturation = new Saturation(Saturation.Rule.AVERAGED, aboveShare, mean, mean);
            return this;
        }

        /**
         * The saturation's window as the rule counts it, each sample up to twice the threshold (under a burst, below
         * its mean); null as in results written before it was recorded.
         */
        public Builder countedMean(Double countedMean) {
            saturation = new Saturation(saturation.rule(), saturation.aboveShare(), saturation.mean(), countedMean);
            return this;
        }

        /** Saturated by the domains' work short while the leader's queue stayed low. */
        public Builder saturatedByShortfall() {
            saturated = true;
            saturation = Saturation.shortfall(0, 205);
            return this;
        }

        public Builder unobservable() {
            observable = false;
            return this;
        }

        public Builder bound(String reason) {
            bound = List.of(reason);
            return this;
        }

        /** Generator-bound by lateness alone (late fires or rounds, a pause that waited for a core). */
        public Builder late(String reason) {
            bound = List.of(reason);
            lateOnly = true;
            return this;
        }

        /** This machine over the settled load: its cores and busy share, and the cores the runner, the servers and others took. */
        public Builder host(int cores, double busyPercent, Double runner, Double servers, Double others) {
            host = new HostUsage(cores, busyPercent, 0, 0, runner, servers, others);
            return this;
        }

        /** This machine while the step's domains registered. */
        public Builder hostDuringAdd(int cores, double busyPercent, Double runner, Double servers, Double others) {
            hostDuringAdd = new HostUsage(cores, busyPercent, 0, 0, runner, servers, others);
            return this;
        }

        public Builder events(long disconnected, long reconnected, long expired) {
            events = new long[] {disconnected, reconnected, expired};
            return this;
        }

        public Builder benchErrors(double rate) {
            benchErrors = rate;
            return this;
        }

        public Builder leaderless(double seconds) {
            leaderless = seconds;
            return this;
        }

        public Builder leaderChanged(int times) {
            leaderChanges = times;
            return this;
        }

        /** A server that went {@code seconds} without answering the sampler; several calls, several servers. */
        public Builder unresponsive(String server, double seconds) {
            unresponsive.put(server, seconds);
            return this;
        }

        /** A server that went {@code seconds} without answering the sampler while the others answered. */
        public Builder silentAlone(String server, double seconds) {
            unresponsive.put(server, seconds);
            silentAlone.put(server, seconds);
            return this;
        }

        /** A server that said it did not serve (looking for a leader), or refused connections. */
        public Builder notServing(String server) {
            notServing.add(server);
            return this;
        }

        /** A server on this machine whose process ended in the step, and what it left about why. */
        public Builder died(String server, String why) {
            deaths.put(server, why);
            return this;
        }

        /** The servers the sampler asked (0, unknown, unless said), and the ones leading at the step's start and end. */
        public Builder ensemble(int servers, String leaderBefore, String leader) {
            this.servers = servers;
            this.leaderBefore = leaderBefore;
            this.leader = leader;
            return this;
        }

        /** The leader's outstanding average over the settled load (the server data are otherwise absent). */
        public Builder outstanding(double avg) {
            outstandingAvg = avg;
            return this;
        }

        public Builder refinement() {
            refinement = true;
            return this;
        }

        /**
         * Stopped while its domains registered, the runner at its CPU limit meanwhile: no settled load, no
         * rounds of statistics.
         */
        public Builder registrationOnly() {
            registrationOnly = true;
            observable = false;
            return this;
        }

        /** The step at no domains, before the load: its leader answered in {@code leaderRounds} of 100 rounds. */
        public Builder baseline(int leaderRounds) {
            baseline = true;
            verdict = StepVerdict.BASELINE;
            answered = leaderRounds;
            return this;
        }

        public Builder resources(StepResources r) {
            resources = r;
            return this;
        }

        public Builder stages(LeaderStages s) {
            stages = s;
            return this;
        }

        /** Of the job fires due in its settled load, {@code delivered} were done in time. */
        public Builder delivered(long due, long delivered) {
            this.delivered = new DeliveredWork(due, delivered, 60);
            return this;
        }

        public Builder verdict(StepVerdict v) {
            verdict = v;
            return this;
        }

        public StepResult build() {
            GeneratorHealth health = new GeneratorHealth(
                    60,
                    2,
                    bound.isEmpty() ? 40 : 97,
                    10,
                    new GeneratorHealth.Lag(100, 1.0, 5.0, 9.0),
                    new GeneratorHealth.Lag(60, 0.5, 2.0, 3.0),
                    Map.of("127.0.0.1:2181", 30.0),
                    !bound.isEmpty(),
                    bound,
                    null,
                    lateOnly && !bound.isEmpty());
            StepFleetData fleet = new StepFleetData(
                    SESSIONS,
                    Map.of("disconnected", events[0], "reconnected", events[1], "expired", events[2]),
                    0,
                    0,
                    0);
            return new StepResult(
                    baseline ? 0 : 1,
                    domains,
                    new StepResult.Held(3L * domains, 35L * domains, SESSIONS, null),
                    new StepResult.Time(
                            Instant.EPOCH,
                            Instant.EPOCH,
                            registrationOnly ? new StepPhases(12, 0, 0) : new StepPhases(30, 60, 40)),
                    new StepResult.Judgement(
                            verdict,
                            saturated && observable,
                            saturated && observable ? saturation : null,
                            observable,
                            !bound.isEmpty()),
                    new StepResult.Runner(health, registrationOnly ? registering() : null),
                    new StepResult.Servers(
                            outstandingAvg == null
                                    ? null
                                    : new StepServerData(
                                            0,
                                            0,
                                            0,
                                            null,
                                            0,
                                            outstandingAvg,
                                            (long) (2 * outstandingAvg),
                                            0,
                                            0,
                                            0,
                                            null,
                                            null,
                                            null),
                            null,
                            registrationOnly
                                    ? new MetricsCoverage(0, 0, Map.of())
                                    : new MetricsCoverage(100, observable ? answered : 10, Map.of()),
                            null),
                    new StepResult.Bench(Map.of(), null),
                    fleet,
                    new StepResult.Events(
                            benchErrors,
                            leaderless,
                            new EnsembleEvents(
                                    leaderChanges,
                                    leaderless,
                                    unresponsive,
                                    events[0],
                                    events[2],
                                    Map.of(),
                                    leaderBefore,
                                    leader,
                                    servers,
                                    silentAlone,
                                    notServing,
                                    deaths)),
                    refinement,
                    new StepResult.Usage(
                            host == null
                                    ? resources
                                    : new StepResources(
                                            host,
                                            resources == null ? Map.of() : resources.servers(),
                                            resources == null ? List.of() : resources.unobserved(),
                                            resources == null ? Map.of() : resources.disks()),
                            stages,
                            delivered,
                            hostDuringAdd));
        }

        private static GeneratorHealth registering() {
            String cpu = "the runner used 98% of its 2 cores (limit 95%)";
            return new GeneratorHealth(
                    12,
                    2,
                    98,
                    10,
                    GeneratorHealth.Lag.NONE,
                    GeneratorHealth.Lag.NONE,
                    Map.of(),
                    true,
                    List.of(cpu),
                    null,
                    false);
        }
    }
}
