package dev.zkload.runner.cli.options;

import dev.zkload.sim.ModelFile;
import dev.zkload.sim.SaturnModel;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The executor model and its sizes (docs/executor-sim.md). Sizes left out take the model's own
 * defaults: 3 executors, 2 console sharding sessions, 35 jobs of 3 items, 2 s runs.
 */
public final class ModelOptions {
    @Option(
            names = "--model",
            paramLabel = "NAME",
            defaultValue = "saturn-2.1",
            description = "The executor model: saturn-2.1 or saturn-3 (default: ${DEFAULT-VALUE}).")
    public String model;

    @Option(names = "--executors-per-domain", paramLabel = "N", description = "Executors per domain (model default 3).")
    public Integer executorsPerDomain;

    @Option(
            names = "--consoles-per-domain",
            paramLabel = "N",
            description = "Console sharding sessions per domain (model default 2).")
    public Integer consolesPerDomain;

    @Option(names = "--jobs-per-domain", paramLabel = "N", description = "Jobs per domain (model default 35).")
    public Integer jobsPerDomain;

    @Option(names = "--items-per-job", paramLabel = "N", description = "Sharding items per job (model default 3).")
    public Integer itemsPerJob;

    @Option(
            names = "--config-fields",
            paramLabel = "N",
            description = "Config fields set per job (model default: 22 for saturn-2.1, 34 for saturn-3).")
    public Integer configFields;

    @Option(
            names = "--run-time",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "How long one item run lasts (model default 2s).")
    public Duration runTime;

    @Option(
            names = "--model-file",
            paramLabel = "FILE",
            description = "A model file (docs/model-files.md), e.g. what 'model scan' wrote from your cluster: its"
                    + " domain kinds are added in their mix's proportions. Instead of --model and the sizes.")
    public Path modelFile;

    /**
     * What the run simulates: the model file, or the named preset with the sizes given.
     *
     * @throws ParameterException when the file cannot be read or makes no sense (naming its line), or is
     *     given with --model or a size
     */
    public Workload workload(CommandSpec spec) {
        if (modelFile == null) {
            return Workload.of(model(spec));
        }
        var parsed = spec.commandLine().getParseResult();
        for (String sized : List.of(
                "--model",
                "--executors-per-domain",
                "--consoles-per-domain",
                "--jobs-per-domain",
                "--items-per-job",
                "--config-fields",
                "--run-time")) {
            if (parsed.hasMatchedOption(sized)) {
                throw new ParameterException(
                        spec.commandLine(), "--model-file describes the domains itself: drop " + sized);
            }
        }
        try {
            return Workload.of(ModelFile.read(modelFile), modelFile);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw new ParameterException(spec.commandLine(), "--model-file " + e.getMessage());
        }
    }

    public void validate(CommandSpec spec) {
        if (!model.equals("saturn-2.1") && !model.equals("saturn-3")) {
            throw new ParameterException(
                    spec.commandLine(), "--model must be saturn-2.1 or saturn-3, got '" + model + "'");
        }
        positive(spec, "--executors-per-domain", executorsPerDomain);
        positive(spec, "--consoles-per-domain", consolesPerDomain);
        positive(spec, "--jobs-per-domain", jobsPerDomain);
        positive(spec, "--items-per-job", itemsPerJob);
        positive(spec, "--config-fields", configFields);
        if (runTime != null && (runTime.isNegative() || runTime.isZero())) {
            throw new ParameterException(spec.commandLine(), "--run-time must be positive");
        }
    }

    /** The model the options describe: the named preset with the sizes given. */
    public SaturnModel model(CommandSpec spec) {
        validate(spec);
        SaturnModel.Builder b = SaturnModel.named(model).toBuilder();
        if (executorsPerDomain != null) {
            b.executorsPerDomain(executorsPerDomain);
        }
        if (consolesPerDomain != null) {
            b.consolesPerDomain(consolesPerDomain);
        }
        if (jobsPerDomain != null) {
            b.jobsPerDomain(jobsPerDomain);
        }
        if (itemsPerJob != null) {
            b.itemsPerJob(itemsPerJob);
        }
        if (configFields != null) {
            b.configFields(configFields);
        }
        if (runTime != null) {
            b.runTime(runTime);
        }
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private static void positive(CommandSpec spec, String option, Integer value) {
        if (value != null && value <= 0) {
            throw new ParameterException(spec.commandLine(), option + " must be positive, got " + value);
        }
    }
}
