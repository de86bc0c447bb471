package dev.zkload.jmh.gate;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The trials of an interleaved run, one JMH fork each, in {@link #order} round after round, every
 * one written to the result file as soon as it is measured.
 *
 * @param jmh        the user's JMH options, under which every trial runs
 * @param profiles   the profiles to alternate, in the order of the odd rounds
 * @param benchmarks JMH names of the benchmarks, each run once per profile and round
 * @param rounds     how many; each profile gets that many forks
 * @param result     the JMH JSON file written
 */
record Rounds(Options jmh, List<String> profiles, List<String> benchmarks, int rounds, Path result) {

    /** The profiles in the order round {@code round} (from 1) runs them: as given, then reversed. */
    static List<String> order(List<String> profiles, int round) {
        List<String> order = new ArrayList<>(profiles);
        if (round % 2 == 0) {
            Collections.reverse(order);
        }
        return order;
    }

    /** Runs every trial; 0 when all were measured, 1 when one failed or JMH could not run. */
    int run(PrintStream out, PrintStream err) {
        long start = System.nanoTime();
        try {
            Files.createDirectories(result.toAbsolutePath().getParent());
            Files.deleteIfExists(log());
        } catch (IOException e) {
            err.println("interleave: cannot write beside " + result + ": " + e.getMessage());
            return 1;
        }
        Forks forks = new Forks();
        List<String> failed = new ArrayList<>();
        int trials = rounds * benchmarks.size() * profiles.size();
        int trial = 0;
        for (int round = 1; round <= rounds; round++) {
            for (String benchmark : benchmarks) {
                for (String profile : order(profiles, round)) {
                    trial++;
                    String what = String.format(
                            Locale.ROOT, "round %d/%d %s %s", round, rounds, shortName(benchmark), profile);
                    Trial measured;
                    try {
                        measured = trial(benchmark, profile);
                    } catch (RunnerException | IOException e) {
                        // JMH itself could not run (its lock held, no fork started): so would every next trial
                        err.println("interleave: JMH could not run " + what + ", so the run stops: "
                                + e.getMessage().strip() + kept(trial));
                        return 1;
                    }
                    if (measured.results().isEmpty()) {
                        failed.add(what);
                    }
                    measured.results().forEach(forks::add);
                    out.printf(
                            Locale.ROOT,
                            "[%d/%d %s] %s: %s%n",
                            trial,
                            trials,
                            elapsed(start),
                            what,
                            measured.results().isEmpty()
                                    ? "FAILED: " + measured.failure()
                                    : summary(measured.results()));
                    try {
                        forks.write(result);
                    } catch (IOException e) {
                        err.println("interleave: cannot write " + result + ": " + e.getMessage());
                        return 1;
                    }
                }
            }
        }
        out.printf(
                Locale.ROOT,
                "interleave: %d trials in %s, results in %s, JMH's output in %s%n",
                trials,
                elapsed(start),
                result,
                log());
        if (!failed.isEmpty()) {
            err.println("interleave: " + failed.size() + " of " + trials + " trials failed ("
                    + String.join("; ", failed) + "); " + result + " holds the others");
            return 1;
        }
        return 0;
    }

    /**
     * One fork of one benchmark under one profile, through JMH's Runner with the user's options. JMH's
     * output goes to the run's log, not the console; a failed trial's reason is taken from it.
     */
    private Trial trial(String benchmark, String profile) throws RunnerException, IOException {
        Path scratch = Files.createTempFile("zkload-interleave", ".json");
        Path output = Files.createTempFile("zkload-interleave", ".log");
        try {
            Options options = new OptionsBuilder()
                    .parent(jmh)
                    // JMH adds the parent's includes to ours, so this one is chosen by excluding the rest
                    .exclude("^(?!" + Pattern.quote(benchmark) + "$)")
                    .param("profile", profile)
                    .forks(1)
                    .verbosity(jmh.verbosity().orElse(VerboseMode.NORMAL))
                    .output(output.toString())
                    // the user's -rff would be overwritten by every trial: each writes a scratch file instead
                    .resultFormat(ResultFormatType.JSON)
                    .result(scratch.toString())
                    .build();
            try {
                return new Trial(new Runner(options).run(), failure(output));
            } finally {
                Files.write(log(), Files.readAllBytes(output), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
        } finally {
            Files.deleteIfExists(scratch);
            Files.deleteIfExists(output);
        }
    }

    /** What a trial measured, and the message of the exception JMH reported if it measured nothing. */
    private record Trial(Collection<RunResult> results, String failure) {}

    /** JMH's output of every trial, beside the result: {@code ab.json} has {@code ab.log}. */
    Path log() {
        String name = result.getFileName().toString();
        return result.resolveSibling((name.endsWith(".json") ? name.substring(0, name.length() - 5) : name) + ".log");
    }

    /** The first exception's message after JMH's {@code <failure>} mark, or a pointer to the log. */
    private String failure(Path output) throws IOException {
        boolean failed = false;
        for (String line : Files.readAllLines(output)) {
            failed |= line.contains("<failure>");
            Matcher m = EXCEPTION.matcher(line);
            if (failed && m.find()) {
                return m.group(1);
            }
        }
        return "see " + log();
    }

    private static final Pattern EXCEPTION = Pattern.compile("^[\\w.$]+(?:Exception|Error): (.+)$");

    private String kept(int trial) {
        return trial == 1 ? "" : "; " + result + " holds the trials before it";
    }

    private static String summary(Collection<RunResult> results) {
        RunResult r = results.iterator().next();
        var stats = r.getPrimaryResult().getStatistics();
        String unit = r.getPrimaryResult().getScoreUnit();
        return r.getParams().getMode() == Mode.SampleTime && stats.getN() > 0
                ? String.format(
                        Locale.ROOT,
                        "p50 %.1f %s, p99 %.1f %s",
                        stats.getPercentile(50),
                        unit,
                        stats.getPercentile(99),
                        unit)
                : String.format(Locale.ROOT, "%.1f %s", r.getPrimaryResult().getScore(), unit);
    }

    /** {@code CreateBenchmark.create} of {@code dev.zkload.jmh.ops.CreateBenchmark.create}. */
    private static String shortName(String benchmark) {
        int method = benchmark.lastIndexOf('.');
        return benchmark.substring(benchmark.lastIndexOf('.', method - 1) + 1);
    }

    private static String elapsed(long start) {
        Duration d = Duration.ofNanos(System.nanoTime() - start);
        return String.format(Locale.ROOT, "%dm%02ds", d.toMinutes(), d.toSecondsPart());
    }
}
