package dev.zkload.runner.result;

import dev.zkload.runner.text.Plural;
import java.util.List;
import java.util.Locale;

/**
 * A step in which the ensemble elected a leader, or went without one: one of {@code summary.json}'s
 * {@code elections}, so that a fault's election is read beside the answer, not only in steps.jsonl.
 *
 * @param step          the step's number in steps.jsonl
 * @param domains       the domains it held
 * @param leaderChanges times a new leader was elected in it
 * @param leaderlessSec the longest time without a leader in it, seconds
 * @param leader        host:port of the server that led at its end; null when none did
 */
public record Election(int step, int domains, int leaderChanges, double leaderlessSec, String leader) {

    /** The steps of {@code steps} that saw an election or a time without a leader, in order. */
    public static List<Election> of(List<StepResult> steps) {
        return steps.stream()
                .filter(s -> s.ensembleEvents() != null)
                .filter(s -> s.ensembleEvents().leaderChanges() > 0
                        || s.ensembleEvents().leaderlessSec() > 0)
                .map(s -> new Election(
                        s.step(),
                        s.domains(),
                        s.ensembleEvents().leaderChanges(),
                        s.ensembleEvents().leaderlessSec(),
                        s.ensembleEvents().leader()))
                .toList();
    }

    /** In words: "step 1 (10 domains): a new leader, 1.2 s without a leader; 127.0.0.1:2183 led after it". */
    public String text() {
        String what = leaderChanges == 0
                ? "no new leader"
                : leaderChanges == 1 ? "a new leader" : leaderChanges + " new leaders";
        return String.format(
                Locale.ROOT,
                "step %d (%s): %s, %.1f s without a leader; %s",
                step,
                Plural.domains(domains),
                what,
                leaderlessSec,
                leader == null ? "no server led at its end" : leader + " led after it");
    }
}
