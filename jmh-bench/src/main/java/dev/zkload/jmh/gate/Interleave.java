package dev.zkload.jmh.gate;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * {@code interleave}: runs the benchmarks under two or more server profiles with their forks
 * alternating, so that what the machine does meanwhile (another job's build, a noisy neighbour, a
 * CPU's clock) lands on every profile alike instead of on whichever JMH happened to run last.
 *
 * <p>It takes JMH's own command line. {@code -p profile=A,B} names the profiles, {@code -f N} the
 * forks of each: N rounds, each running every selected benchmark once (one fork) per profile, the
 * profiles in the given order on odd rounds and reversed on even ones (A B, B A, A B, ...), so that
 * a steady drift over the run also adds the same to both. The forks of one benchmark under the
 * profiles of a round follow each other, so fork i of every profile ran in round i: {@code gate
 * --paired} uses that. The result is one JMH JSON file ({@code -rff}, default
 * {@code jmh-result.json}) holding every profile with all its forks, rewritten after each trial so
 * that an interrupted run keeps what it measured.
 *
 * <p>JMH's own output goes to a log beside the result ({@code ab.json}, {@code ab.log}); the console
 * gets one line per trial saying where the run is, and why a trial failed. Exit codes: 0 every trial
 * measured, 1 a trial failed (the file holds the others), 2 bad usage.
 *
 * <p>Run: {@code java -cp jmh-bench/target/benchmarks.jar dev.zkload.jmh.gate.Interleave
 * 'CreateBenchmark|GetBenchmark' -p profile=jdk17,jdk25 -f 6 -wi 1 -w 1s -i 3 -r 1s -rff ab.json}
 */
public final class Interleave {
    private Interleave() {}

    public static void main(String[] args) throws IOException {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) throws IOException {
        CommandLineOptions cli;
        try {
            cli = new CommandLineOptions(args);
        } catch (CommandLineOptionException e) {
            err.println("interleave: " + e.getMessage());
            return 2;
        }
        if (cli.shouldHelp()) {
            out.println("usage: Interleave [JMH options] -p profile=A,B[,...] -f FORKS_EACH [-rff RESULT.json]");
            out.println("Runs the benchmarks with the profiles' forks alternating; the JMH options below apply.");
            cli.showHelp();
            return 0;
        }
        try {
            return plan(cli).run(out, err);
        } catch (IllegalArgumentException e) {
            err.println("interleave: " + e.getMessage());
            return 2;
        }
    }

    /** The run a command line asks for; what cannot be interleaved is one sentence, thrown. */
    static Rounds plan(Options cli) {
        List<String> profiles = new ArrayList<>(cli.getParameter("profile").orElse(List.of()));
        if (profiles.size() < 2 || profiles.stream().distinct().count() < profiles.size()) {
            throw new IllegalArgumentException(
                    "name two or more different profiles to alternate, as in -p profile=jdk17,jdk25");
        }
        int rounds = cli.getForkCount().orElse(0);
        if (rounds < 2) {
            throw new IllegalArgumentException("-f gives the forks of each profile and must be 2 or more (the gate"
                    + " needs the spread between forks)");
        }
        if (cli.getResultFormat().hasValue() && cli.getResultFormat().get() != ResultFormatType.JSON) {
            throw new IllegalArgumentException("it writes JMH's JSON only; drop -rf or give -rf json");
        }
        List<String> benchmarks = benchmarks(cli);
        if (benchmarks.isEmpty()) {
            throw new IllegalArgumentException(
                    "no benchmark matches " + cli.getIncludes() + " (see java -jar benchmarks.jar -l)");
        }
        return new Rounds(
                cli, profiles, benchmarks, rounds, Path.of(cli.getResult().orElse("jmh-result.json")));
    }

    /** The benchmark names the command line selects, as JMH itself would select them. */
    private static List<String> benchmarks(Options cli) {
        List<String> includes = cli.getIncludes().isEmpty() ? List.of(".*") : cli.getIncludes();
        SortedSet<BenchmarkListEntry> found = BenchmarkList.defaultList()
                .find(
                        OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT),
                        includes,
                        cli.getExcludes());
        return found.stream().map(BenchmarkListEntry::getUsername).distinct().toList();
    }
}
