package dev.zkload.runner.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code model}: the commands on model files: {@code scan} writes one from a cluster, {@code validate} checks one. */
@Command(
        name = "model",
        mixinStandardHelpOptions = true,
        description = "Your own workload as a model file: scan reads your Saturn namespaces into one, which the"
                + " ramp, simulate and disrupt take with --model-file, and validate checks one without an ensemble"
                + " (docs/model-files.md).",
        subcommands = {ModelScanCommand.class, ModelValidateCommand.class})
public final class ModelCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "model needs a subcommand: scan or validate");
    }
}
