package dev.zkload.runner.ramp;

import dev.zkload.runner.cli.DurationConverter;
import java.time.Duration;
import java.time.Instant;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** The ramp's own options (architecture.md, "The runner"); target, model and output options are mixins. */
public final class RampOptions {
    /** Where the seven-op benchmark runs at each step. */
    public enum BenchTarget { LEADER, EACH, ENSEMBLE }

    @Option(names = "--domains", paramLabel = "N", defaultValue = "700",
            description = "The most domains to reach (default: ${DEFAULT-VALUE}).")
    public int domains;

    @Option(names = "--step", paramLabel = "N", defaultValue = "100",
            description = "Domains added per step (default: ${DEFAULT-VALUE}).")
    public int step;

    @Option(names = "--outstanding-threshold", paramLabel = "N", defaultValue = "300",
            description = "Saturation: the leader's zk_outstanding_requests at or above this... (default: ${DEFAULT-VALUE})")
    public long outstandingThreshold;

    @Option(names = "--sustain", paramLabel = "DURATION", defaultValue = "60s", converter = DurationConverter.class,
            description = "...for this long stops the ramp (default: ${DEFAULT-VALUE}).")
    public Duration sustain;

    @Option(names = "--settle", paramLabel = "DURATION", defaultValue = "60s", converter = DurationConverter.class,
            description = "Wait after a step's domains are up before measuring (default: ${DEFAULT-VALUE}).")
    public Duration settle;

    @Option(names = "--add-timeout", paramLabel = "DURATION", defaultValue = "10m", converter = DurationConverter.class,
            description = "A step whose domains are not all registered within this stops the ramp with"
                    + " cannot-add-domains (default: ${DEFAULT-VALUE}).")
    public Duration addTimeout;

    @Option(names = "--max-error-rate", paramLabel = "FRACTION", defaultValue = "0.01",
            description = "A step whose benchmark calls fail more often than this stops the ramp with errors"
                    + " (default: ${DEFAULT-VALUE}).")
    public double maxErrorRate;

    @Option(names = "--max-expired-sessions", paramLabel = "FRACTION", defaultValue = "0.05",
            description = "A step in which more than this fraction of the simulated sessions expired (an expiry storm)"
                    + " stops the ramp with errors (default: ${DEFAULT-VALUE}).")
    public double maxExpiredSessions;

    @Option(names = "--bench-target", paramLabel = "WHERE", defaultValue = "leader",
            description = "Where the seven-op benchmark runs: leader, each (every server in turn) or ensemble"
                    + " (the whole connect string) (default: ${DEFAULT-VALUE}).")
    public BenchTarget benchTarget;

    @Option(names = "--shard", paramLabel = "i/N", defaultValue = "0/1", converter = Shard.Converter.class,
            description = "Take slice i of N of the domains, with N runner processes ramping one ensemble together"
                    + " (needs --start-at and --step-interval; shard 0 runs the benchmark) (default: ${DEFAULT-VALUE}).")
    public Shard shard;

    @Option(names = "--start-at", paramLabel = "TIME",
            description = "With --shard: when the baseline begins on every shard, ISO-8601 UTC, e.g. 2026-11-22T20:00:00Z.")
    public Instant startAt;

    @Option(names = "--step-interval", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "With --shard: step k begins at --start-at plus k times this, on every shard.")
    public Duration stepInterval;

    @Option(names = "--keep", description = "Leave the simulated domains on the ensemble at the end.")
    public boolean keep;

    public void validate(CommandSpec spec) {
        positive(spec, "--domains", domains);
        positive(spec, "--step", step);
        if (outstandingThreshold < 0) {
            throw new ParameterException(spec.commandLine(), "--outstanding-threshold must be >= 0, got " + outstandingThreshold);
        }
        if (sustain.isNegative() || settle.isNegative()) {
            throw new ParameterException(spec.commandLine(), "--sustain and --settle must not be negative");
        }
        if (addTimeout.isZero() || addTimeout.isNegative()) {
            throw new ParameterException(spec.commandLine(), "--add-timeout must be positive");
        }
        if (!(maxErrorRate >= 0 && maxErrorRate <= 1)) {
            throw new ParameterException(spec.commandLine(), "--max-error-rate must be between 0 and 1, got " + maxErrorRate);
        }
        if (!shard.alone() && (startAt == null || stepInterval == null || stepInterval.isNegative() || stepInterval.isZero())) {
            throw new ParameterException(spec.commandLine(),
                    "--shard " + shard + " needs --start-at and a positive --step-interval, the schedule every shard follows");
        }
        if (shard.alone() && (startAt != null || stepInterval != null)) {
            throw new ParameterException(spec.commandLine(), "--start-at and --step-interval only go with --shard i/N, N > 1");
        }
        if (!(maxExpiredSessions >= 0 && maxExpiredSessions <= 1)) {
            throw new ParameterException(spec.commandLine(),
                    "--max-expired-sessions must be between 0 and 1, got " + maxExpiredSessions);
        }
    }

    static void positive(CommandSpec spec, String option, long value) {
        if (value <= 0) {
            throw new ParameterException(spec.commandLine(), option + " must be positive, got " + value);
        }
    }
}
