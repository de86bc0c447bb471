package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.engine.health.HealthLimits;
import dev.zkload.sim.ModelFile;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/** The settings of a {@link RampPlan}, the ramp's defaults until set ({@link RampPlan#builder}). */
public final class RampPlanBuilder {
    private final String root;
    private final ModelFile models;
    private int domains = 700;
    private int step = 100;
    private long outstandingThreshold = 300;
    private boolean forceSaturation;
    private Duration sustain = Duration.ofSeconds(60);
    private Duration settle = Duration.ofSeconds(60);
    private Duration addTimeout = Duration.ofMinutes(10);
    private Double addRate;
    private double maxErrorRate = 0.01;
    private double maxExpiredSessions = 0.05;
    private RampPlan.BenchTarget benchTarget = RampPlan.BenchTarget.LEADER;
    private RampPlan.BenchSize bench = new RampPlan.BenchSize(10_000, 100, 1000, Duration.ofSeconds(30));
    private Shard shard = Shard.ALONE;
    private Instant startAt;
    private Duration stepInterval;
    private boolean serverMetrics = true;
    private HealthLimits health = HealthLimits.DEFAULT;
    private String yourDomains;
    private Resolution resolution;
    private boolean keep;
    private RampPlan.TreeWrites treeWrites = RampPlan.TreeWrites.PIPELINED;

    RampPlanBuilder(String root, ModelFile models) {
        this.root = Objects.requireNonNull(root, "root");
        this.models = Objects.requireNonNull(models, "models");
    }

    /** The most domains to reach. Default 700. */
    public RampPlanBuilder domains(int domains) {
        this.domains = domains;
        return this;
    }

    /** Domains added per step. Default 100. */
    public RampPlanBuilder step(int step) {
        this.step = step;
        return this;
    }

    /** Saturation: the leader's outstanding requests at or above this (at least 1). Default 300. */
    public RampPlanBuilder outstandingThreshold(long requests) {
        this.outstandingThreshold = requests;
        return this;
    }

    /** Every step counts as saturated (a threshold of 0): to exercise what follows a saturation. */
    public RampPlanBuilder forceSaturation() {
        this.forceSaturation = true;
        return this;
    }

    /** How long the queue must stay at the threshold within a step's settled load. Default 60 s. */
    public RampPlanBuilder sustain(Duration sustain) {
        this.sustain = Objects.requireNonNull(sustain, "sustain");
        return this;
    }

    /** The wait after a step's domains are up before it is measured. Default 60 s. */
    public RampPlanBuilder settle(Duration settle) {
        this.settle = Objects.requireNonNull(settle, "settle");
        return this;
    }

    /** A step whose domains are not registered within this stops the ramp. Default 10 min. */
    public RampPlanBuilder addTimeout(Duration addTimeout) {
        this.addTimeout = Objects.requireNonNull(addTimeout, "addTimeout");
        return this;
    }

    /** Domains registered per second at most; null (the default) for as fast as the servers allow. */
    public RampPlanBuilder addRate(Double perSecond) {
        this.addRate = perSecond;
        return this;
    }

    /** Benchmark calls failing more often than this fraction stop the ramp. Default 0.01. */
    public RampPlanBuilder maxErrorRate(double fraction) {
        this.maxErrorRate = fraction;
        return this;
    }

    /** The fraction of the simulated sessions expiring in one step that stops the ramp. Default 0.05. */
    public RampPlanBuilder maxExpiredSessions(double fraction) {
        this.maxExpiredSessions = fraction;
        return this;
    }

    /** Where the seven-op benchmark runs at each step. Default the leader. */
    public RampPlanBuilder benchTarget(RampPlan.BenchTarget target) {
        this.benchTarget = Objects.requireNonNull(target, "target");
        return this;
    }

    /**
     * The seven-op benchmark's size: {@code znodes} of {@code bytes} each per operation, {@code warmup} unrecorded
     * calls first (at most {@code znodes}), no operation longer than {@code timeLimit}. Default 10,000 znodes of
     * 100 bytes, 1,000 warm-up calls, 30 s.
     */
    public RampPlanBuilder bench(int znodes, int bytes, int warmup, Duration timeLimit) {
        this.bench = new RampPlan.BenchSize(znodes, bytes, Math.min(znodes, warmup), timeLimit);
        return this;
    }

    /**
     * This process's slice of the domains, with the schedule every shard follows: step {@code k} begins at
     * {@code startAt} plus {@code k} times {@code stepInterval}. A sharded ramp is not refined by bisection.
     */
    public RampPlanBuilder shard(Shard shard, Instant startAt, Duration stepInterval) {
        this.shard = Objects.requireNonNull(shard, "shard");
        this.startAt = startAt;
        this.stepInterval = stepInterval;
        return this;
    }

    /** Whether the servers' statistics are sampled; without them saturation cannot be observed. Default true. */
    public RampPlanBuilder serverMetrics(boolean sampled) {
        this.serverMetrics = sampled;
        return this;
    }

    /** When the runner itself is the bottleneck. Default {@link HealthLimits#DEFAULT}. */
    public RampPlanBuilder health(HealthLimits health) {
        this.health = Objects.requireNonNull(health, "health");
        return this;
    }

    /** What a model file's domains are, for the verdict to say; null (the default) for a built-in model. */
    public RampPlanBuilder yourDomains(String description) {
        this.yourDomains = description;
        return this;
    }

    /** How narrow the bisection after a saturated grid makes the answer. Default 10%; 0 for the plain grid. */
    public RampPlanBuilder resolution(Resolution resolution) {
        this.resolution = Objects.requireNonNull(resolution, "resolution");
        return this;
    }

    /** The simulated domains stay on the ensemble at the end. Default false. */
    public RampPlanBuilder keep(boolean keep) {
        this.keep = keep;
        return this;
    }

    /** How a step writes its domains' persistent trees. Default pipelined. */
    public RampPlanBuilder treeWrites(RampPlan.TreeWrites writes) {
        this.treeWrites = Objects.requireNonNull(writes, "writes");
        return this;
    }

    /**
     * The plan.
     *
     * @throws InvalidPlan naming the first setting that breaks a rule, in the order the settings are listed
     */
    public RampPlan build() {
        positive("domains", domains);
        positive("step", step);
        if (addRate != null && !(addRate > 0 && Double.isFinite(addRate))) {
            throw new InvalidPlan("addRate", "{addRate} must be positive, got " + addRate);
        }
        if (outstandingThreshold < 1) {
            throw new InvalidPlan(
                    "outstandingThreshold",
                    "{outstandingThreshold} must be at least 1, got " + outstandingThreshold
                            + ": an idle leader has 0 requests outstanding, so every step would count as saturated");
        }
        Resolution narrowing = narrowing(resolution == null ? Resolution.DEFAULT : resolution);
        if (sustain.isNegative() || settle.isNegative()) {
            throw new InvalidPlan("sustain", "{sustain} and {settle} must not be negative");
        }
        if (addTimeout.isZero() || addTimeout.isNegative()) {
            throw new InvalidPlan("addTimeout", "{addTimeout} must be positive");
        }
        fraction("maxErrorRate", maxErrorRate);
        if (!shard.alone()
                && (startAt == null || stepInterval == null || stepInterval.isNegative() || stepInterval.isZero())) {
            throw new InvalidPlan(
                    "shard",
                    "{shard} " + shard
                            + " needs {startAt} and a positive {stepInterval}, the schedule every shard follows");
        }
        if (!shard.alone()) {
            // the shards add their domains on one schedule of grid steps: a bisection would need them to agree on each
            if (resolution != null && !resolution.off()) {
                throw new InvalidPlan(
                        "resolution",
                        "{resolution} narrows a ramp of its own by bisection; the shards of {shard} " + shard
                                + " follow one schedule of grid steps: drop {resolution} (or give 0)");
            }
            narrowing = Resolution.parse("0");
        }
        if (shard.alone() && (startAt != null || stepInterval != null)) {
            throw new InvalidPlan("startAt", "{startAt} and {stepInterval} only go with {shard} i/N, N > 1");
        }
        fraction("maxExpiredSessions", maxExpiredSessions);
        return new RampPlan(
                domains,
                step,
                root,
                forceSaturation ? 0 : outstandingThreshold,
                sustain,
                settle,
                addTimeout,
                addRate,
                maxErrorRate,
                maxExpiredSessions,
                benchTarget,
                bench,
                shard,
                startAt,
                stepInterval,
                serverMetrics,
                health,
                models,
                yourDomains,
                narrowing,
                keep,
                treeWrites);
    }

    /**
     * A resolution the grid already meets can refine nothing: the interval bisected is at most one step wide, and
     * at most 100% of the last stable count (of the saturated one, the first step, when none was stable).
     */
    private Resolution narrowing(Resolution r) {
        if (r.percent() && r.value() >= 100) {
            throw new InvalidPlan(
                    "resolution",
                    "{resolution} " + r + " cannot narrow anything: the interval it narrows is never wider than"
                            + " 100% of the last stable count; give less than 100%, or 0 for the plain grid");
        }
        if (!r.percent() && !r.off() && r.value() >= step) {
            throw new InvalidPlan(
                    "resolution",
                    "{resolution} " + r + " cannot narrow anything: the grid's steps ({step} " + step
                            + ") are already that narrow; give fewer domains than {step}, or 0 for the plain grid");
        }
        return r;
    }

    private static void positive(String setting, long value) {
        if (value <= 0) {
            throw new InvalidPlan(setting, "{" + setting + "} must be positive, got " + value);
        }
    }

    private static void fraction(String setting, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new InvalidPlan(setting, "{" + setting + "} must be between 0 and 1, got " + value);
        }
    }
}
