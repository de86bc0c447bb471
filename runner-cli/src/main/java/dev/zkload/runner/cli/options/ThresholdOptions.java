package dev.zkload.runner.cli.options;

import dev.zkload.runner.threshold.Catalog;
import dev.zkload.runner.threshold.Threshold;
import dev.zkload.runner.threshold.ThresholdParser;
import dev.zkload.runner.threshold.ThresholdSyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --threshold EXPR}, repeatable: the pass/fail gates of a run. A command offers it by mixing
 * this in and parsing with its own {@link Catalog} (the metrics it measures) before the run starts.
 */
public final class ThresholdOptions {
    @Option(
            names = "--threshold",
            paramLabel = "EXPR",
            description = "A pass/fail gate, repeatable: METRIC[(OP)] COMPARISON NUMBER[UNIT][@LEVEL], e.g."
                    + " max-stable-domains>=300, p99(create)<20ms@200, error-rate<0.1%%, expired-sessions==0;"
                    + " @LEVEL picks a ramp step by its domains or an experiment's level (@100k). Checked before"
                    + " the run; after it each is printed pass/fail with the measured value and written to"
                    + " summary.json; a failed or not observed one (a generator-bound or unobservable step or"
                    + " level) ends the run with exit code 3. Each command's metrics: docs/thresholds.md.")
    public List<String> expressions = new ArrayList<>();

    /**
     * Every threshold parsed against the command's metrics.
     *
     * @param levels the levels the run will have (the ramp's steps' domains), for checking {@code @LEVEL}
     * @throws ParameterException one sentence naming the bad token
     */
    public List<Threshold> parse(CommandSpec spec, Catalog catalog, Optional<List<Integer>> levels) {
        try {
            return ThresholdParser.parseAll(expressions, catalog, levels);
        } catch (ThresholdSyntaxException e) {
            throw new ParameterException(spec.commandLine(), "--threshold " + e.getMessage());
        }
    }
}
