package dev.zkload.jmh.gate;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** The gate's Markdown table: a row per operation and statistic, then the verdict in one sentence. */
record GateTable(double maxRatio, double confidence, boolean paired) {

    void print(Sides sides, List<Comparison> comparisons, List<Verdict> verdicts, PrintWriter out) {
        String level = percent(confidence);
        out.printf(
                Locale.ROOT,
                "Baseline: %s. Candidate: %s. Ratio: candidate over baseline, above 1 is slower. A row fails when"
                        + " its ratio is above %.2f and its %s interval (bootstrap over forks and their iterations%s)"
                        + " lies above 1.%n%n",
                Sides.describe(sides.baseFile(), sides.baseProfile()),
                Sides.describe(sides.candidateFile(), sides.candidateProfile()),
                maxRatio,
                level,
                paired ? ", paired by round" : "");
        out.printf("| op | statistic | forks | baseline | candidate | ratio | %s interval | decision |%n", level);
        out.println("|---|---|---:|---:|---:|---:|---|---|");
        for (Verdict v : verdicts) {
            out.printf(
                    Locale.ROOT,
                    "| %s | %s | %s | %s %s | %s %s | %.3f | %.3f – %.3f | %s |%n",
                    v.op(),
                    v.statistic(),
                    v.forks(),
                    Gate.format(v.baseline()),
                    v.unit(),
                    Gate.format(v.candidate()),
                    v.unit(),
                    v.slowdown().ratio(),
                    v.slowdown().low(),
                    v.slowdown().high(),
                    v.decision().words);
        }
        out.println();
        for (String missing : sides.unmatched(comparisons)) {
            out.println("Not compared: " + missing + ".");
        }
        List<Verdict> failed = verdicts.stream()
                .filter(v -> v.decision() == Verdict.Decision.FAIL)
                .toList();
        long unjudged = verdicts.stream()
                .filter(v -> v.decision() == Verdict.Decision.NO_DATA)
                .count();
        if (failed.isEmpty()) {
            out.printf(
                    Locale.ROOT,
                    "Verdict: pass. No operation of the %d compared is slower by more than %.2f beyond its noise%s.%n",
                    comparisons.size(),
                    maxRatio,
                    unjudged == 0 ? "" : "; " + unjudged + " of the rows above could not be judged");
        } else {
            out.printf(
                    Locale.ROOT,
                    "Verdict: FAIL. Slower by more than %.2f beyond the noise: %s.%n",
                    maxRatio,
                    String.join(
                            ", ",
                            failed.stream()
                                    .map(v -> String.format(
                                            Locale.ROOT,
                                            "%s %s ×%.2f (%.2f – %.2f)",
                                            v.op(),
                                            v.statistic(),
                                            v.slowdown().ratio(),
                                            v.slowdown().low(),
                                            v.slowdown().high()))
                                    .toList()));
        }
    }

    private static String percent(double confidence) {
        double p = confidence * 100;
        return (p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p)) + "%";
    }
}
