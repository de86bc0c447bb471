package dev.zkload.runner.cli.options;

import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The seven-op benchmark's size: how many znodes each operation runs over, how big they are, how
 * long one operation may take at most, and the unrecorded warm-up before it.
 */
public final class ZnodeOptions {
    @Option(
            names = "--znode-count",
            paramLabel = "N",
            defaultValue = "10000",
            description = "Znodes per operation of the seven-op benchmark (default: ${DEFAULT-VALUE};"
                    + " the 2017 report used 100000).")
    public int znodeCount;

    @Option(
            names = "--znode-size",
            paramLabel = "BYTES",
            defaultValue = "100",
            description = "Bytes of data per znode (default: ${DEFAULT-VALUE}).")
    public int znodeSize;

    @Option(
            names = "--bench-time",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "The longest one operation of the benchmark runs: it ends after --znode-count calls or this"
                    + " long, whichever comes first (the ramp's default: 30s, so a loaded step cannot take an hour;"
                    + " latency: no limit).")
    public Duration benchTime;

    @Option(
            names = "--warmup",
            paramLabel = "N",
            description = "Calls of each operation before it is measured, not recorded (the ramp's default: 1000;"
                    + " latency: 0, as zk-latencies.py).")
    public Integer warmup;

    /**
     * Checks the benchmark's size.
     *
     * @throws ParameterException naming the option that is wrong
     */
    public void validate(CommandSpec spec) {
        if (znodeCount < 1) {
            throw new ParameterException(spec.commandLine(), "--znode-count must be at least 1, got " + znodeCount);
        }
        if (znodeSize < 0 || znodeSize > 1_000_000) {
            throw new ParameterException(
                    spec.commandLine(), "--znode-size must be between 0 and 1000000 bytes, got " + znodeSize);
        }
        if (benchTime != null && (benchTime.isZero() || benchTime.isNegative())) {
            throw new ParameterException(spec.commandLine(), "--bench-time must be positive, got " + benchTime);
        }
        if (warmup != null && warmup < 0) {
            throw new ParameterException(spec.commandLine(), "--warmup must be at least 0, got " + warmup);
        }
    }

    public Duration benchTimeOr(Duration commandDefault) {
        return benchTime != null ? benchTime : commandDefault;
    }

    public int warmupOr(int commandDefault) {
        return warmup != null ? warmup : commandDefault;
    }
}
