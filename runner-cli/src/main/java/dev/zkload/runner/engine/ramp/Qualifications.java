package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.engine.resources.BusyHost;
import dev.zkload.runner.engine.resources.Headroom;
import dev.zkload.runner.engine.resources.HostNoise;
import dev.zkload.runner.result.GeneratorHealth;
import dev.zkload.runner.result.RefinementSummary;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepVerdict;
import dev.zkload.runner.text.Amounts;
import dev.zkload.runner.text.Plural;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a ramp's answer rests on, as {@code summary.json}'s qualifications: first what the ramp knows beyond its steps
 * (a refinement cut short, a baseline whose leader went unanswered, other processes on this machine), then each
 * step's own notes, then what held the answer's step back though it carried the load.
 */
final class Qualifications {
    private Qualifications() {}

    /**
     * @param stable the step the answer counts as the most domains stable; empty when none was
     * @param noise  the other processes' share of this machine over the load steps
     */
    static List<String> of(
            List<StepResult> steps,
            List<StepResult> load,
            RampPlan plan,
            boolean embedded,
            RefinementSummary refinement,
            Optional<StepResult> stable,
            HostNoise noise) {
        List<String> q = new ArrayList<>();
        if (refinement != null && !refinement.complete()) {
            q.add("The refinement stopped before the resolution: " + refinement.endedBy() + ".");
        }
        StepResult baseline =
                steps.stream().filter(s -> s.step() == 0).findFirst().orElse(null);
        if (baseline != null && plan.serverMetrics()) {
            baselineUnanswered(baseline).ifPresent(q::add);
        }
        // the host first: an answer measured beside other processes is read in their light
        noise.qualification().ifPresent(q::add);
        q.addAll(ofSteps(load, plan, embedded));
        // the answer's own step: what held its leader back though it carried the load
        stable.ifPresent(s -> q.addAll(Headroom.of(s, baseline)));
        return q;
    }

    /**
     * A leader that answered the baseline's rounds only in part; never said of a leader never asked (a connect
     * string naming followers only), which is the steps' note.
     */
    private static Optional<String> baselineUnanswered(StepResult baseline) {
        var m = baseline.serverMetrics();
        if (m == null || m.leaderRounds() <= 0 || m.leaderObserved()) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "The leader's statistics went unanswered in %d of the baseline's %d rounds (see serverMetrics"
                        + " in steps.jsonl): the baseline's server figures, which each step is compared"
                        + " with, rest on the %d that answered.",
                m.rounds() - m.leaderRounds(),
                m.rounds(),
                m.leaderRounds()));
    }

    /** The notes on the steps themselves: what went unobserved, what ended early, what held the runner. */
    private static List<String> ofSteps(List<StepResult> load, RampPlan plan, boolean embedded) {
        List<StepResult> unobserved =
                load.stream().filter(s -> !s.saturationObservable()).toList();
        List<String> q = new ArrayList<>();
        if (!plan.serverMetrics()) {
            q.add(
                    "Run with --no-server-metrics: the servers' statistics were not read, so saturation could not be"
                            + " observed; the ramp could stop only on errors, on domains that could not be added, or at its target.");
        } else {
            List<StepResult> unanswered =
                    unobserved.stream().filter(s -> !s.registrationOnly()).toList();
            if (!unanswered.isEmpty()) {
                q.add("Saturation was not observable at " + domainsOf(unanswered) + " domains: the leader's"
                        + " statistics went unanswered for part of the settled load (see serverMetrics in steps.jsonl)"
                        + unanswered.stream()
                                .map(BusyHost::during)
                                .flatMap(Optional::stream)
                                .findFirst()
                                .map(b -> ", while " + b.headline())
                                .orElse("")
                        + ".");
            }
        }
        for (StepResult s : load) {
            String readerOnly = Disturbances.of(s).readerOnlyNote();
            if (!readerOnly.isEmpty()) {
                q.add(readerOnly);
            }
            if (s.registrationOnly()) {
                q.add("The step to " + Plural.domains(s.domains()) + " ended while its domains registered: no load"
                        + " settled, so it has no settled figures and no benchmark.");
            }
            if (s.generatorBound() && s.verdict() == StepVerdict.DISTURBED) {
                q.add(FaultBeforeRunner.note(s));
            } else if (s.generatorBound() && s.verdict() != StepVerdict.HOST_BUSY) {
                q.add("At " + Plural.domains(s.domains()) + " the runner was the bottleneck: "
                        + String.join("; ", s.generator().reasons()) + ".");
            } else if (s.generatorDuringAdd() != null
                    && s.generatorDuringAdd().lateOnly()
                    && BusyHost.of(s.hostDuringAdd()).isPresent()) {
                q.add("While the step to " + Plural.domains(s.domains()) + " registered them, "
                        + BusyHost.of(s.hostDuringAdd()).get().headline() + " ("
                        + String.join("; ", s.generatorDuringAdd().reasons()) + ")"
                        + (s.registrationOnly() ? "." : "; only the settled load was judged."));
            } else if (s.generatorDuringAdd() != null && s.generatorDuringAdd().bound()) {
                q.add("While the step to " + Plural.domains(s.domains())
                        + " registered them, the runner was the bottleneck ("
                        + String.join("; ", s.generatorDuringAdd().reasons()) + ")"
                        + (s.registrationOnly() ? "." : "; only the settled load was judged."));
            }
        }
        if (embedded && !load.isEmpty()) {
            StepResult last = load.get(load.size() - 1);
            GeneratorHealth h = last.generator();
            double servers = h.serversCpuPercent().values().stream()
                    .mapToDouble(Double::doubleValue)
                    .sum();
            q.add(String.format(
                    Locale.ROOT,
                    "The servers shared this machine with the runner (embedded ensemble): at %s"
                            + " the runner used %.0f%% of its %s and the servers %.0f%% of one core together.",
                    Plural.domains(last.domains()),
                    h.cpuPercentOfShare(),
                    Amounts.coresNoun(h.shareCores()),
                    servers));
        }
        return q;
    }

    private static String domainsOf(List<StepResult> steps) {
        return String.join(
                ", ", steps.stream().map(s -> Integer.toString(s.domains())).toList());
    }
}
