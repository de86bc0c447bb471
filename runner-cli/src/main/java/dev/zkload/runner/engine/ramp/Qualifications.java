package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.engine.resources.BusyHost;
import dev.zkload.runner.engine.resources.Headroom;
import dev.zkload.runner.engine.resources.HostNoise;
import dev.zkload.runner.result.GeneratorHealth;
import dev.zkload.runner.result.HostUsage;
import dev.zkload.runner.result.MetricsCoverage;
import dev.zkload.runner.result.RefinementSummary;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Decides what a ramp's answer rests on ({@link Qualification}s, with their figures): first what the ramp knows
 * beyond its steps (a refinement cut short, a baseline whose leader went unanswered, other processes on this
 * machine), then each step's own notes, then what held the answer's step back though it carried the load.
 */
final class Qualifications {
    private Qualifications() {}

    /**
     * @param stable the step the answer counts as the most domains stable; empty when none was
     * @param noise  the other processes' share of this machine over the load steps
     */
    static List<Qualification> of(
            List<StepResult> steps,
            List<StepResult> load,
            RampPlan plan,
            boolean embedded,
            RefinementSummary refinement,
            Optional<StepResult> stable,
            HostNoise noise) {
        List<Qualification> q = new ArrayList<>();
        if (refinement != null && !refinement.complete()) {
            q.add(new Qualification.RefinementCut(refinement.endedBy()));
        }
        StepResult baseline =
                steps.stream().filter(s -> s.step() == 0).findFirst().orElse(null);
        if (baseline != null && plan.serverMetrics()) {
            baselineUnanswered(baseline.serverMetrics()).ifPresent(q::add);
        }
        // the host first: an answer measured beside other processes is read in their light
        noisyHost(noise).ifPresent(q::add);
        q.addAll(ofSteps(load, plan, embedded));
        // the answer's own step: what held its leader back though it carried the load
        stable.ifPresent(s -> Headroom.of(s, baseline).stream()
                .map(Qualification.LeaderHeldBack::new)
                .forEach(q::add));
        return q;
    }

    /**
     * A leader that answered the baseline's rounds only in part; never said of a leader never asked (a connect
     * string naming followers only), which is the steps' note.
     */
    private static Optional<Qualification> baselineUnanswered(MetricsCoverage m) {
        if (m == null || m.leaderRounds() <= 0 || m.leaderObserved()) {
            return Optional.empty();
        }
        return Optional.of(new Qualification.BaselineUnanswered(m.rounds(), m.leaderRounds()));
    }

    /** Past {@link BusyHost#OTHERS_PERCENT} of the cores taken by others, at the step they took the most. */
    private static Optional<Qualification> noisyHost(HostNoise noise) {
        if (noise.worstPercent() == null || noise.worstPercent() < BusyHost.OTHERS_PERCENT) {
            return Optional.empty();
        }
        HostUsage h = noise.worst().resources().host();
        return Optional.of(
                new Qualification.NoisyHost(noise.worst().domains(), h.otherCores(), h.cores(), h.stealPercent()));
    }

    /** The notes on the steps themselves: what went unobserved, what ended early, what held the runner. */
    private static List<Qualification> ofSteps(List<StepResult> load, RampPlan plan, boolean embedded) {
        List<Qualification> q = new ArrayList<>();
        if (!plan.serverMetrics()) {
            q.add(new Qualification.NoServerMetrics());
        } else {
            List<StepResult> unanswered = load.stream()
                    .filter(s -> !s.saturationObservable() && !s.registrationOnly())
                    .toList();
            if (!unanswered.isEmpty()) {
                q.add(new Qualification.Unobservable(
                        unanswered.stream().map(StepResult::domains).toList(),
                        unanswered.stream()
                                .map(BusyHost::during)
                                .flatMap(Optional::stream)
                                .findFirst()
                                .map(BusyHost::headline)
                                .orElse(null)));
            }
        }
        for (StepResult s : load) {
            Disturbances.of(s)
                    .readerOnlySilences()
                    .ifPresent(who -> q.add(new Qualification.ReaderOnly(s.domains(), who)));
            if (s.registrationOnly()) {
                q.add(new Qualification.RegistrationOnly(s.domains()));
            }
            GeneratorHealth duringAdd = s.generatorDuringAdd();
            Optional<BusyHost> busyWhileAdding = BusyHost.of(s.hostDuringAdd());
            if (s.generatorBound() && s.verdict() == StepVerdict.DISTURBED) {
                q.add(new Qualification.RunnerStrainedByAFault(
                        s.domains(), s.generator().reasons()));
            } else if (s.generatorBound() && s.verdict() != StepVerdict.HOST_BUSY) {
                q.add(new Qualification.RunnerBound(s.domains(), s.generator().reasons()));
            } else if (duringAdd != null && duringAdd.lateOnly() && busyWhileAdding.isPresent()) {
                q.add(new Qualification.RunnerWhileRegistering(
                        s.domains(), busyWhileAdding.get().headline(), duringAdd.reasons(), s.registrationOnly()));
            } else if (duringAdd != null && duringAdd.bound()) {
                q.add(new Qualification.RunnerWhileRegistering(
                        s.domains(), null, duringAdd.reasons(), s.registrationOnly()));
            }
        }
        if (embedded && !load.isEmpty()) {
            StepResult last = load.get(load.size() - 1);
            GeneratorHealth h = last.generator();
            double servers = h.serversCpuPercent().values().stream()
                    .mapToDouble(Double::doubleValue)
                    .sum();
            q.add(new Qualification.SharedMachine(last.domains(), h.cpuPercentOfShare(), h.shareCores(), servers));
        }
        return q;
    }
}
