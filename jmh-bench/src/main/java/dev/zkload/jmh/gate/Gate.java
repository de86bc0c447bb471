package dev.zkload.jmh.gate;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code jmh-gate}: did the candidate make an operation slower? Compares two JMH JSON results (or two
 * profiles of one, as {@link Interleave} writes them) per operation and percentile, and exits 3 when
 * one is slower by more than {@code --max-ratio} and by more than its own measurement noise (the
 * {@link Bootstrap} interval lies above 1), 0 otherwise, 2 on bad input. The table says, for every
 * operation and percentile, both values, the ratio, its interval and the decision.
 *
 * <p>Run: {@code java -cp jmh-bench/target/benchmarks.jar dev.zkload.jmh.gate.Gate ab.json --paired}
 * or {@code ... Gate base.json new.json}.
 */
@Command(
        name = "jmh-gate",
        mixinStandardHelpOptions = true,
        description = "Exits 3 when an operation of the candidate is slower than the baseline by more than"
                + " --max-ratio and beyond the measurement's own noise, 0 otherwise.")
public final class Gate implements Callable<Integer> {
    static final int PASS = 0;
    static final int USAGE = 2;
    static final int SLOWER = 3;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(
            arity = "1..2",
            paramLabel = "RESULT.json",
            description = "One JMH JSON result holding both profiles, or the baseline's then the candidate's.")
    List<Path> files;

    @Option(
            names = "--profiles",
            split = ",",
            paramLabel = "BASE,CANDIDATE",
            description = "The baseline's and the candidate's profile. Default: with one file, the two profiles it"
                    + " holds, in order; with two, benchmarks are matched with the same profile.")
    List<String> profiles;

    @Option(
            names = "--max-ratio",
            defaultValue = "1.10",
            description = "The slowdown allowed, candidate over baseline (default ${DEFAULT-VALUE}).")
    double maxRatio;

    @Option(
            names = "--confidence",
            defaultValue = "0.99",
            description = "Of the bootstrap interval (default ${DEFAULT-VALUE}).")
    double confidence;

    @Option(
            names = "--percentiles",
            split = ",",
            defaultValue = "50,90,99",
            description = "Compared in sample mode (default ${DEFAULT-VALUE}); other modes compare the score.")
    List<Double> percentiles;

    @Option(
            names = "--paired",
            description = "Fork i of both sides ran in the same round (an interleaved run): resample them together.")
    boolean paired;

    @Option(
            names = "--replicates",
            defaultValue = "10000",
            description = "Bootstrap replicates (default ${DEFAULT-VALUE}).")
    int replicates;

    @Option(
            names = "--seed",
            defaultValue = "1",
            description = "Of the bootstrap, so a result always gets the same verdict.")
    long seed;

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        System.exit(commandLine(out, err).execute(args));
    }

    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new Gate());
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((ex, args) -> {
            ex.getCommandLine().getErr().println("jmh-gate: " + ex.getMessage());
            ex.getCommandLine().getErr().flush();
            return USAGE;
        });
        return cli;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try {
            return gate(out);
        } catch (JmhJson.BadInput | IllegalArgumentException e) {
            spec.commandLine().getErr().println("jmh-gate: " + e.getMessage());
            spec.commandLine().getErr().flush();
            return USAGE;
        }
    }

    private int gate(PrintWriter out) throws JmhJson.BadInput {
        if (profiles != null && profiles.size() != 2) {
            throw new IllegalArgumentException("--profiles names two profiles, the baseline's and the candidate's");
        }
        if (!(maxRatio >= 1)) {
            throw new IllegalArgumentException("--max-ratio is a slowdown, 1 or more, not " + maxRatio);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("--confidence is between 0 and 1, not " + confidence);
        }
        if (replicates < 100) {
            throw new IllegalArgumentException("--replicates is 100 or more, not " + replicates);
        }
        List<Statistic> statistics = new ArrayList<>();
        for (double p : percentiles) {
            if (!(p > 0 && p <= 100)) {
                throw new IllegalArgumentException("--percentiles are above 0 and at most 100, not " + p);
            }
            statistics.add(Statistic.percentile(p));
        }
        Sides sides = Sides.of(files, profiles);
        List<Comparison> comparisons = sides.comparisons();
        Bootstrap bootstrap = new Bootstrap(replicates, confidence, seed);
        List<Verdict> verdicts = new ArrayList<>();
        for (Comparison c : comparisons) {
            sides.check(c, paired);
            for (Statistic s : c.baseline().sampled() ? statistics : List.of(Statistic.SCORE)) {
                verdicts.add(verdict(c, s, bootstrap));
            }
        }
        new GateTable(maxRatio, confidence, paired).print(sides, comparisons, verdicts, out);
        out.flush();
        return verdicts.stream().anyMatch(v -> v.decision() == Verdict.Decision.FAIL) ? SLOWER : PASS;
    }

    private Verdict verdict(Comparison c, Statistic s, Bootstrap bootstrap) {
        double[][] base = c.baseline().per(s);
        double[][] candidate = c.candidate().per(s);
        // a slowdown is a longer time, or fewer operations per unit of time
        Bootstrap.Estimate slowdown = c.baseline().higherIsFaster()
                ? bootstrap.ratio(candidate, base, paired)
                : bootstrap.ratio(base, candidate, paired);
        return new Verdict(
                c.baseline().op(),
                s.label(),
                c.baseline().forks() + " / " + c.candidate().forks(),
                Bootstrap.geometricMean(base),
                Bootstrap.geometricMean(candidate),
                c.baseline().unit(),
                slowdown,
                Verdict.decide(slowdown, maxRatio));
    }

    static String format(double v) {
        return String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.1f", v);
    }
}
