package dev.zkload.runner.cli.options;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The options of every command that puts simulated domains on an ensemble (the ramp, {@code simulate}):
 * the target, the model, where results go, the meters endpoint, how the servers' statistics are read,
 * and when the runner counts as its own bottleneck.
 */
public final class LoadOptions {
    @Mixin
    public TargetOptions target = new TargetOptions();

    @Mixin
    public ModelOptions model = new ModelOptions();

    @Mixin
    public ServerMetricsOptions serverMetrics = new ServerMetricsOptions();

    @Mixin
    public GeneratorOptions generator = new GeneratorOptions();

    @Mixin
    public OutputOptions output = new OutputOptions();

    @Mixin
    public MetricsOptions metrics = new MetricsOptions();

    /**
     * Checks every option of the load.
     *
     * @throws picocli.CommandLine.ParameterException naming the option that is wrong
     */
    public void validate(CommandSpec spec) {
        target.validate(spec);
        model.validate(spec);
        metrics.validate(spec);
        serverMetrics.adminUrls(spec);
        generator.limits(spec);
    }
}
