package dev.zkload.runner.cli;

import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.RunFailure;
import dev.zkload.runner.report.CompareWriter;
import dev.zkload.runner.result.ResultFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code compare RUN_A RUN_B [RUN_C…] --out DIR}: runs of one kind side by side ({@link CompareWriter}); with
 * {@code --max-regression}, a CI gate of every run against the first (exit code 3 when one is worse).
 */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Put two or more results folders of ramps (or of latency runs) side by side: the settings that differ,"
                    + " TPS and latency percentiles per operation at the steps with the same domains, the leader's"
                    + " counters, and grouped charts with one colour per run, into compare.md, compare.html and PNGs.",
            "The first folder is the baseline: with --max-regression, any run worse than it fails with exit code 3."
        })
public final class CompareCommand implements Callable<Integer> {
    private static final Pattern PERCENT = Pattern.compile("(\\d+(?:\\.\\d+)?)%");

    @Spec
    CommandSpec spec;

    @Parameters(arity = "2..*", paramLabel = "RUN", description = "Results folders; the first is the baseline.")
    List<Path> runs;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            required = true,
            description = "Where compare.md, .html and the"
                    + " charts go (created if needed; earlier comparisons in it are replaced).")
    Path out;

    @Option(
            names = "--max-regression",
            paramLabel = "PERCENT",
            description = "Gate: fail (exit code 3) when any run's TPS is lower, or p99 higher, than the baseline's by"
                    + " more than this (e.g. 10%%), for any operation at any step both have; a step the baseline has"
                    + " and a run lacks, or where either run's runner was the bottleneck, fails it too.")
    String maxRegression;

    @Override
    public Integer call() {
        Double max = maxRegression == null ? null : fraction(maxRegression);
        for (Path dir : runs) {
            if (!Files.isRegularFile(dir.resolve(ResultFiles.RUN))) {
                throw new ParameterException(
                        spec.commandLine(), "RUN " + dir + " has no run.json, so it is not a zkload results folder.");
            }
        }
        CompareWriter.Result result;
        try {
            result = CompareWriter.write(runs, out, max);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        } catch (IOException e) {
            throw new RunFailure(e.getMessage(), e);
        }
        PrintWriter console = spec.commandLine().getOut();
        console.println("Wrote " + result.markdown());
        console.println("Wrote " + result.html());
        result.charts().forEach(c -> console.println("Wrote " + c));
        if (max == null) {
            console.flush();
            return ExitCodes.OK;
        }
        result.regressions().forEach(r -> console.println("Regression: " + r.text()));
        result.notCompared().forEach(n -> console.println("Not compared: " + n));
        console.println(
                result.gatePassed()
                        ? "Regression gate passed: no run is more than " + maxRegression + " worse than the baseline."
                        : "Regression gate failed: " + result.regressions().size() + " regression(s), "
                                + result.notCompared().size() + " not compared (exit code 3).");
        console.flush();
        return result.gatePassed() ? ExitCodes.OK : ExitCodes.THRESHOLD_FAILED;
    }

    private double fraction(String text) {
        Matcher m = PERCENT.matcher(text.trim());
        if (!m.matches()) {
            throw new ParameterException(
                    spec.commandLine(), "--max-regression '" + text + "' is not a percentage; write e.g. 10%");
        }
        return Double.parseDouble(m.group(1)) / 100;
    }
}
