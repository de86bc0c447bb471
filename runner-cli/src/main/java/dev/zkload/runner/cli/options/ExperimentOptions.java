package dev.zkload.runner.cli.options;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What every experiment ({@code znodes}, {@code data-size}, …) takes besides its own levels: the
 * target, its root, the servers' statistics, the runner's own limits, its thresholds and where results go.
 */
public final class ExperimentOptions {
    @Mixin
    public TargetOptions target = new TargetOptions();

    @Option(
            names = "--root",
            paramLabel = "PATH",
            description = "The run's root znode (default: /zkload/<command>-<run id>): it holds the run's lock and"
                    + " everything the experiment creates, and is removed at the end.")
    public String root;

    @Option(names = "--force", description = "Clear --root first if it exists and is not empty (never a live run's).")
    public boolean force;

    @Mixin
    public ServerMetricsOptions serverMetrics = new ServerMetricsOptions();

    @Mixin
    public GeneratorOptions generator = new GeneratorOptions();

    @Mixin
    public ThresholdOptions thresholds = new ThresholdOptions();

    @Mixin
    public OutputOptions output = new OutputOptions();
}
