package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.engine.health.HealthLimits;
import dev.zkload.runner.engine.run.ConnectionDemand;
import dev.zkload.sim.ModelFile;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Everything the ramp engine is told, decided before it starts, and immutable: built with {@link #builder}, which
 * holds the defaults and the rules between the settings (the command line maps its options onto it; the engine
 * knows nothing of picocli).
 *
 * @param domains              the most domains to reach
 * @param step                 domains added per step
 * @param root                 the run's root znode, locked by the caller
 * @param outstandingThreshold saturation: the leader's outstanding requests at or above this…
 * @param sustain              …for this long, within a step's settled load
 * @param settle               wait after a step's domains are up before measuring
 * @param addTimeout           a step whose domains are not registered within this stops the ramp
 * @param addRate              domains registered per second at most, or null for as fast as the servers allow
 * @param maxErrorRate         benchmark calls failing more often than this (0–1) stop the ramp
 * @param maxExpiredSessions   simulated sessions expiring in one step, fraction (0–1), that stop the ramp
 * @param benchTarget          where the seven-op benchmark runs
 * @param bench                its size and bounds
 * @param shard                this process's slice of the domains
 * @param startAt              with shards: when step 0 begins everywhere; null when alone
 * @param stepInterval         with shards: step k begins at startAt + k × this; null when alone
 * @param serverMetrics        false with {@code --no-server-metrics}: nothing is sampled, saturation is unobservable
 * @param health               when the runner itself is the bottleneck
 * @param models               the domains' model: a built-in one, or a model file's mix of kinds
 * @param yourDomains          what the domains are when a model file gives them, for the verdict to say
 *                             ("model file shop.yaml: 80% like orders, 20% like reports"); null for a built-in model
 * @param resolution           how narrow the bisection after a saturated grid makes the answer (by default 10%)
 * @param keep                 the simulated domains stay on the ensemble at the end
 * @param treeWrites           how a step writes its domains' persistent trees
 */
public record RampPlan(
        int domains,
        int step,
        String root,
        long outstandingThreshold,
        Duration sustain,
        Duration settle,
        Duration addTimeout,
        Double addRate,
        double maxErrorRate,
        double maxExpiredSessions,
        BenchTarget benchTarget,
        BenchSize bench,
        Shard shard,
        Instant startAt,
        Duration stepInterval,
        boolean serverMetrics,
        HealthLimits health,
        ModelFile models,
        String yourDomains,
        Resolution resolution,
        boolean keep,
        TreeWrites treeWrites) {

    /** Where the seven-op benchmark runs at each step. */
    public enum BenchTarget {
        LEADER,
        EACH,
        ENSEMBLE
    }

    /**
     * How a step writes its domains' persistent trees (job configs and structure): every request at once
     * (the servers' write pace), or each domain's requests one at a time, as a console sends them.
     */
    public enum TreeWrites {
        PIPELINED,
        SERIAL
    }

    /**
     * The seven-op benchmark of each step.
     *
     * @param znodeCount znodes per operation
     * @param znodeSize  bytes per znode
     * @param warmup     unrecorded calls per operation first
     * @param timeLimit  the longest one operation runs
     */
    public record BenchSize(int znodeCount, int znodeSize, int warmup, Duration timeLimit) {}

    public RampPlan {
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(shard, "shard");
        Objects.requireNonNull(models, "models");
        Objects.requireNonNull(resolution, "resolution");
        Objects.requireNonNull(treeWrites, "treeWrites");
        if (domains < 1 || step < 1) {
            throw new IllegalArgumentException("domains and step must be positive");
        }
    }

    /**
     * A plan with the ramp's defaults, for {@code root} and the domains of {@code models}: 700 domains 100 at a
     * time, saturation at 300 outstanding requests held 60 s after a 60 s settle, and the rest as the command line's
     * defaults are; {@link RampPlanBuilder#build()} holds every rule between the settings.
     */
    public static RampPlanBuilder builder(String root, ModelFile models) {
        return new RampPlanBuilder(root, models);
    }

    /** The plan as {@code run.json} records it under {@code settings}; a map the caller may add to. */
    public Map<String, Object> settings() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("domains", domains);
        map.put("step", step);
        map.put("outstandingThreshold", outstandingThreshold);
        map.put("sustainSec", sustain.toSeconds());
        map.put("settleSec", settle.toSeconds());
        map.put("addTimeoutSec", addTimeout.toSeconds());
        map.put("addRate", addRate);
        map.put("maxErrorRate", maxErrorRate);
        map.put("maxExpiredSessions", maxExpiredSessions);
        map.put("znodeCount", bench.znodeCount());
        map.put("znodeSize", bench.znodeSize());
        map.put("benchWarmup", bench.warmup());
        map.put("benchTimeSec", bench.timeLimit().toSeconds());
        map.put("benchTarget", benchTarget.name().toLowerCase(Locale.ROOT));
        map.put("serverMetrics", serverMetrics);
        map.put("maxGeneratorCpuPercent", health.maxCpuPercent());
        map.put("maxFireLagMs", health.maxLag().toMillis());
        map.put("maxGcPauseMs", health.maxGcPause().toMillis());
        map.put("keep", keep);
        map.put("resolution", resolution.toString());
        if (!shard.alone()) {
            map.put(
                    "shard",
                    Map.of(
                            "index",
                            shard.index(),
                            "count",
                            shard.count(),
                            "startAt",
                            startAt.toString(),
                            "stepIntervalSec",
                            stepInterval.toSeconds()));
        }
        map.put("treeWrites", treeWrites.name().toLowerCase(Locale.ROOT));
        return map;
    }

    /** Steps after the baseline: {@code ceil(domains / step)}. */
    public int loadSteps() {
        return (domains + step - 1) / step;
    }

    /** The connections this runner opens at each load step, which the preflight holds against the servers' limits. */
    public ConnectionDemand connectionDemand() {
        List<ConnectionDemand.Step> steps = new ArrayList<>();
        for (int k = 1; k <= loadSteps(); k++) {
            int mine = shard.share(domainsAt(k));
            steps.add(new ConnectionDemand.Step(domainsAt(k), mine, models.sessions(mine)));
        }
        return new ConnectionDemand(sessionsPerDomain(), steps);
    }

    /** Executors plus consoles of one domain: with a mix, of its largest kind. */
    public int sessionsPerDomain() {
        return models.sessionsPerDomain();
    }

    /** The domains of the whole run at load step {@code k} (1-based). */
    public int domainsAt(int k) {
        return Math.min(domains, k * step);
    }
}
