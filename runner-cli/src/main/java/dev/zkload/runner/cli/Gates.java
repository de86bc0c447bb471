package dev.zkload.runner.cli;

import dev.zkload.bench.result.ResultJson;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.result.ThresholdResult;
import dev.zkload.runner.threshold.Measurements;
import dev.zkload.runner.threshold.Threshold;
import dev.zkload.runner.threshold.Thresholds;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * What every command with {@code --threshold} and {@code --json} does once its run is over: judges the
 * thresholds, prints each with its measured value, picks the exit code, and prints the summary as JSON.
 */
final class Gates {
    private Gates() {}

    static List<ThresholdResult> judge(List<Threshold> thresholds, Measurements measurements) {
        return Thresholds.evaluate(thresholds, measurements);
    }

    /** One line per threshold, then how many failed; nothing when none was given. */
    static void print(PrintWriter console, List<ThresholdResult> results) {
        if (results.isEmpty()) {
            return;
        }
        for (ThresholdResult r : results) {
            console.printf(
                    "Threshold %s: %s — %s%s%n",
                    r.threshold(),
                    r.status().json(),
                    r.detail(),
                    r.status() == ThresholdResult.Status.NOT_OBSERVED ? " (counts as failed)" : "");
        }
        long failed = results.stream().filter(r -> !r.passed()).count();
        if (failed == 0) {
            console.printf("Thresholds: all %d passed%n", results.size());
        } else {
            console.printf("Thresholds: %d of %d failed or not observed (exit code 3)%n", failed, results.size());
        }
        console.flush();
    }

    /**
     * The run's exit code with its thresholds: a run that failed or was interrupted keeps its own code;
     * otherwise any threshold not passed makes it {@link ExitCodes#THRESHOLD_FAILED}.
     */
    static int exitCode(int runCode, List<ThresholdResult> results) {
        if (runCode != ExitCodes.OK) {
            return runCode;
        }
        return Thresholds.allPassed(results) ? ExitCodes.OK : ExitCodes.THRESHOLD_FAILED;
    }

    /** With {@code --json}: the summary as one JSON document on stdout. */
    static void printJson(PrintWriter out, Object summary) {
        try {
            out.println(ResultJson.pretty().writeValueAsString(summary));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot print the summary as JSON: " + e.getMessage(), e);
        }
        out.flush();
    }
}
