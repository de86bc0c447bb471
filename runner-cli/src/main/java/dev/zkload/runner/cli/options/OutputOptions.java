package dev.zkload.runner.cli.options;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * Where a command writes its results ({@code --out DIR}, by default {@code results/<timestamp>}) and where
 * its human text goes ({@code --json} moves it to stderr).
 */
public final class OutputOptions {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Where results go (default: results/<timestamp>, or results/<command>-<timestamp>"
                    + " for the other commands).")
    public Path out;

    @Option(
            names = "--json",
            description = "Print the run's summary (summary.json, thresholds included) as one JSON document on"
                    + " stdout, and every human line (progress, tables, the verdict) on stderr, for scripts.")
    public boolean json;

    /** Where the human text goes: stdout, or stderr with {@code --json} (stdout then holds the JSON alone). */
    public PrintWriter console(CommandSpec spec) {
        return json ? spec.commandLine().getErr() : spec.commandLine().getOut();
    }

    /**
     * The folder {@link #resolve} names, checked to be usable for a new run (absent or empty, and
     * creatable) but not created yet: a run refused later leaves nothing behind.
     *
     * @throws ParameterException naming {@code --out} when it cannot be used
     */
    public Path checked(String prefix, CommandSpec spec) {
        Path dir = resolve(prefix);
        try {
            dev.zkload.runner.result.ResultWriter.check(dir);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--out: " + e.getMessage());
        }
        return dir;
    }

    /**
     * The folder to use: the one given, or a fresh timestamped one under {@code results/}.
     *
     * @param prefix prefix of the default folder's name ({@code "latency"}), or {@code null} for none
     */
    public Path resolve(String prefix) {
        if (out != null) {
            return out;
        }
        String stamp = STAMP.format(ZonedDateTime.now(ZoneOffset.UTC));
        return Path.of("results", prefix == null ? stamp : prefix + "-" + stamp);
    }
}
