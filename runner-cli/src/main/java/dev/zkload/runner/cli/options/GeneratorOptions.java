package dev.zkload.runner.cli.options;

import dev.zkload.runner.engine.health.HealthLimits;
import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** When the runner itself counts as the bottleneck of a step (it then never counts as the ensemble's limit). */
public final class GeneratorOptions {
    @Option(
            names = "--max-generator-cpu",
            paramLabel = "PERCENT",
            defaultValue = "85",
            description = "A step in which the runner used at least this much of the CPU it may use is the"
                    + " generator's limit, not the ensemble's (default: ${DEFAULT-VALUE}).")
    public double maxCpuPercent;

    @Option(
            names = "--max-fire-lag",
            paramLabel = "DURATION",
            defaultValue = "1s",
            converter = DurationConverter.class,
            description = "...or in which the simulated job fires, or the 1 Hz server sampler, ran later than this at"
                    + " the 99th percentile (default: ${DEFAULT-VALUE}).")
    public Duration maxLag;

    @Option(
            names = "--max-gc-pause",
            paramLabel = "DURATION",
            defaultValue = "1s",
            converter = DurationConverter.class,
            description = "...or in which one GC pause stopped the runner for longer (default: ${DEFAULT-VALUE}).")
    public Duration maxGcPause;

    /**
     * The limits these options set.
     *
     * @throws ParameterException naming the option that is wrong
     */
    public HealthLimits limits(CommandSpec spec) {
        if (!(maxCpuPercent > 0 && maxCpuPercent <= 100)) {
            throw new ParameterException(
                    spec.commandLine(), "--max-generator-cpu must be above 0 and at most 100, got " + maxCpuPercent);
        }
        if (maxLag.isZero() || maxLag.isNegative() || maxGcPause.isZero() || maxGcPause.isNegative()) {
            throw new ParameterException(spec.commandLine(), "--max-fire-lag and --max-gc-pause must be positive");
        }
        return new HealthLimits(maxCpuPercent, maxLag, maxGcPause);
    }
}
