package dev.zkload.runner.cli.options;

import dev.zkload.runner.engine.ramp.InvalidPlan;
import dev.zkload.runner.engine.ramp.RampPlan;
import dev.zkload.runner.engine.ramp.RampPlanBuilder;
import dev.zkload.runner.engine.ramp.Resolution;
import dev.zkload.runner.engine.ramp.Shard;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;

/**
 * The ramp's options: its own, the load options it shares with {@code simulate}, and the benchmark's
 * size. {@link #plan} turns them into the engine's {@link RampPlan}, in this one place.
 */
public final class RampOptions {
    /** The ramp's default longest benchmark operation: a loaded step cannot take an hour. */
    static final Duration BENCH_TIME = Duration.ofSeconds(30);
    /** The ramp's default unrecorded calls per operation before it is measured. */
    static final int WARMUP = 1000;

    @Mixin
    public LoadOptions load = new LoadOptions();

    @Mixin
    public ZnodeOptions znodes = new ZnodeOptions();

    @Mixin
    public ThresholdOptions thresholds = new ThresholdOptions();

    @Mixin
    public ServerProcessOptions serverProcesses = new ServerProcessOptions();

    @Option(
            names = "--domains",
            paramLabel = "N",
            defaultValue = "700",
            description = "The most domains to reach (default: ${DEFAULT-VALUE}).")
    public int domains;

    @Option(
            names = "--step",
            paramLabel = "N",
            defaultValue = "100",
            description = "Domains added per step (default: ${DEFAULT-VALUE}).")
    public int step;

    @Option(
            names = "--outstanding-threshold",
            paramLabel = "N",
            defaultValue = "300",
            description =
                    "Saturation: the leader's zk_outstanding_requests at or above this (in 90%% of the samples, or"
                            + " on average)... (default: ${DEFAULT-VALUE})")
    public long outstandingThreshold;

    /**
     * Every step saturated at its first sample, whatever the leader's queue: the stop path and the
     * refinement, checked on any ensemble. Hidden: a measurement never wants it, and a threshold of 0
     * (which an idle leader meets) is refused instead of standing for it.
     */
    @Option(
            names = "--force-saturation",
            hidden = true,
            description = "Every step counts as saturated from its first sample (checks the stop path).")
    public boolean forceSaturation;

    @Option(
            names = "--sustain",
            paramLabel = "DURATION",
            defaultValue = "60s",
            converter = DurationConverter.class,
            description = "...for this long stops the ramp (default: ${DEFAULT-VALUE}).")
    public Duration sustain;

    @Option(
            names = "--settle",
            paramLabel = "DURATION",
            defaultValue = "60s",
            converter = DurationConverter.class,
            description = "Wait after a step's domains are up before measuring (default: ${DEFAULT-VALUE}).")
    public Duration settle;

    @Option(
            names = "--add-timeout",
            paramLabel = "DURATION",
            defaultValue = "10m",
            converter = DurationConverter.class,
            description = "How long a step's domains may take to register (default: ${DEFAULT-VALUE}). A step that"
                    + " registered only some of them in time is judged at those; one that registered none ends the"
                    + " ramp with cannot-add-domains.")
    public Duration addTimeout;

    @Option(
            names = "--add-rate",
            paramLabel = "DOMAINS/S",
            description = "Register at most this many domains a second, instead of all of a step's at once (the"
                    + " burst, which is recorded but never judged).")
    public Double addRate;

    @Option(
            names = "--tree-writes",
            paramLabel = "HOW",
            defaultValue = "pipelined",
            description = "How a step writes its domains' persistent trees (job configs and structure): pipelined"
                    + " (every request at once, the servers' write pace) or serial (each domain's requests one at"
                    + " a time, each sent when the one before is answered, as a console sends them; the domains"
                    + " side by side) (default: ${DEFAULT-VALUE}).")
    public RampPlan.TreeWrites treeWrites;

    @Option(
            names = "--max-error-rate",
            paramLabel = "FRACTION",
            defaultValue = "0.01",
            description = "A step whose benchmark calls fail more often than this stops the ramp with errors"
                    + " (default: ${DEFAULT-VALUE}).")
    public double maxErrorRate;

    @Option(
            names = "--max-expired-sessions",
            paramLabel = "FRACTION",
            defaultValue = "0.05",
            description = "A step in which more than this fraction of the simulated sessions expired (an expiry storm)"
                    + " stops the ramp with errors (default: ${DEFAULT-VALUE}).")
    public double maxExpiredSessions;

    @Option(
            names = "--bench-target",
            paramLabel = "WHERE",
            defaultValue = "leader",
            description = "Where the seven-op benchmark runs: leader, each (every server in turn) or ensemble"
                    + " (the whole connect string) (default: ${DEFAULT-VALUE}).")
    public RampPlan.BenchTarget benchTarget;

    @Option(
            names = "--shard",
            paramLabel = "i/N",
            defaultValue = "0/1",
            converter = ShardConverter.class,
            description =
                    "Take slice i of N of the domains, with N runner processes ramping one ensemble together"
                            + " (needs --start-at and --step-interval; shard 0 runs the benchmark) (default: ${DEFAULT-VALUE}).")
    public Shard shard;

    @Option(
            names = "--start-at",
            paramLabel = "TIME",
            description =
                    "With --shard: when the baseline begins on every shard, ISO-8601 UTC, e.g. 2026-11-22T20:00:00Z.")
    public Instant startAt;

    @Option(
            names = "--step-interval",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "With --shard: step k begins at --start-at plus k times this, on every shard.")
    public Duration stepInterval;

    @Option(
            names = "--resolution",
            paramLabel = "N|P%",
            defaultValue = "10%",
            converter = ResolutionConverter.class,
            description =
                    "After the first saturated step, narrow the interval between the last stable (or 0) and the first"
                            + " saturated domain count by bisection until it is at most this wide: a count of domains (20) or"
                            + " a percentage of the last stable count (of the saturated one when none was stable) (10%%);"
                            + " 0 keeps the plain grid (default: ${DEFAULT-VALUE}).")
    public Resolution resolution;

    @Option(
            names = "--repeat",
            paramLabel = "N",
            defaultValue = "1",
            description = "Run the ramp N times on the same target, each into its own folder (run-1, ...), and report"
                    + " the spread of their answers in repeat.json and repeat.md (default: ${DEFAULT-VALUE}).")
    public int repeat;

    @Option(
            names = "--keep",
            description = "Leave the simulated domains on the ensemble at the end (needs --connect:"
                    + " an embedded ensemble ends with the run).")
    public boolean keep;

    /**
     * Checks the ramp's options.
     *
     * @throws ParameterException naming the option that is wrong
     */
    public void validate(CommandSpec spec) {
        load.validate(spec);
        znodes.validate(spec);
        serverProcesses.lookup(spec, load.target.connect == null);
        if (keep && load.target.connect == null) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--keep needs --connect: the embedded ensemble and" + " everything on it end with the run");
        }
        positive(spec, "--repeat", repeat);
        if (repeat > 1 && (keep || !shard.alone())) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--repeat runs one whole ramp after another: it goes with neither --keep (each run would start on"
                            + " the last one's domains) nor --shard (repeat the sharded runs themselves instead)");
        }
        if (repeat > 1 && load.output.json) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--json prints one run's summary, and --repeat makes several: drop --json and read repeat.json");
        }
    }

    /**
     * The engine's plan, once {@link #validate} has passed: the options mapped onto the plan's builder, which holds
     * the rules between them; a plan they break is bad usage, said with the options' names.
     */
    public RampPlan plan(CommandSpec spec, String root, Workload model) {
        RampPlanBuilder b = RampPlan.builder(root, model.models())
                .domains(domains)
                .step(step)
                .outstandingThreshold(outstandingThreshold)
                .sustain(sustain)
                .settle(settle)
                .addTimeout(addTimeout)
                .addRate(addRate)
                .maxErrorRate(maxErrorRate)
                .maxExpiredSessions(maxExpiredSessions)
                .benchTarget(benchTarget)
                .bench(znodes.znodeCount, znodes.znodeSize, znodes.warmupOr(WARMUP), znodes.benchTimeOr(BENCH_TIME))
                .shard(shard, startAt, stepInterval)
                .serverMetrics(!load.serverMetrics.none)
                .health(load.generator.limits(spec))
                .yourDomains(model.yourDomains())
                .keep(keep)
                .treeWrites(treeWrites);
        if (forceSaturation) {
            b.forceSaturation();
        }
        // given or not matters: a shard's ramp refuses a --resolution given, and has none by default
        if (spec.commandLine().getParseResult().hasMatchedOption("--resolution")) {
            b.resolution(resolution);
        }
        try {
            return b.build();
        } catch (InvalidPlan e) {
            throw new ParameterException(spec.commandLine(), e.said(RampOptions::option), e);
        }
    }

    /** The option that sets a plan's setting: {@code addRate} is {@code --add-rate}. */
    static String option(String setting) {
        return "--" + setting.replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
    }

    /** Reads {@code --resolution}: a count of domains or a percentage, in one sentence when it is neither. */
    public static final class ResolutionConverter implements ITypeConverter<Resolution> {
        @Override
        public Resolution convert(String value) {
            try {
                return Resolution.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    static void positive(CommandSpec spec, String option, long value) {
        if (value <= 0) {
            throw new ParameterException(spec.commandLine(), option + " must be positive, got " + value);
        }
    }
}
