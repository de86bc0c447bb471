package dev.zkload.runner.cli;

import dev.zkload.runner.ExitCodes;
import dev.zkload.sim.Footprint;
import dev.zkload.sim.ModelFile;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code model validate FILE}: reads a model file exactly as {@code --model-file} does, without an
 * ensemble, and says what it describes, or the one sentence (naming the line) that is wrong in it.
 */
@Command(
        name = "validate",
        mixinStandardHelpOptions = true,
        description = "Check a model file without an ensemble: read it as --model-file reads it, and say what one"
                + " domain of its mix costs the servers, or what is wrong in it (exit 1).")
public final class ModelValidateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The model file (docs/model-files.md).")
    Path file;

    @Override
    public Integer call() {
        if (!Files.isRegularFile(file)) {
            throw new ParameterException(spec.commandLine(), "FILE " + file + " is not a file");
        }
        ModelFile model;
        try {
            model = ModelFile.read(file);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            spec.commandLine().getErr().println("zkload: " + e.getMessage());
            return ExitCodes.RUNTIME_FAILURE;
        }
        Footprint f = model.expectedFootprint();
        PrintWriter out = spec.commandLine().getOut();
        out.printf(
                Locale.ROOT,
                "%s is a valid model file: %s, %s; %s.%nOne domain of its mix adds about %.0f znodes, %.0f"
                        + " ephemerals, %.0f watches and %.0f sessions, and %.1f writes and %.1f reads a second.%n",
                file,
                model.name(),
                model.version().id(),
                model.shares(),
                f.znodes(),
                f.ephemerals(),
                f.watches(),
                f.sessions(),
                f.writesPerSec(),
                f.readsPerSec());
        out.flush();
        return ExitCodes.OK;
    }
}
