package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.engine.run.RunListener;
import dev.zkload.runner.result.RampSummary;
import dev.zkload.runner.result.RefinementSummary;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepVerdict;
import dev.zkload.runner.result.StopReason;
import dev.zkload.runner.text.Plural;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * After the grid's first saturated step, narrows the interval between its last stable (or, when its first load
 * step saturated, 0) and first saturated domain counts by bisection: the ramp removes or adds domains to the midpoint, lets the load settle and
 * judges the step as any other, until the interval is no wider than the resolution. A step that is
 * neither stable nor saturated (a fault, the runner its own bottleneck, a server's connection limit,
 * saturation not observable, domains that could not be added) ends the refinement where it is: the
 * answer is the interval narrowed so far, said to be so, never a count between its ends that no step
 * judged.
 */
final class Refinement {
    /** Runs step {@code n} at a domain count exactly as the ramp runs its grid's; the summary if the ramp would end. */
    interface Steps {
        Optional<RampSummary> run(int n, int domains) throws InterruptedException;
    }

    /**
     * What the refinement found, and the summary of a step that must end the run itself: the ensemble lost
     * its quorum, a server refused connections, or the user interrupted. The answer stays the grid's
     * saturation narrowed so far, but the run ends with that step's reason and exit code, not as saturated.
     *
     * @param interruptedStep the step Ctrl-C ended, if it ended one (the caller's interrupt is set again)
     * @param saturation      why the lowest saturated step of the bisection saturated, if one did: the run's
     *                        stop message, as the grid's saturated step no longer is the answer
     */
    record Refined(
            RefinementSummary summary,
            Optional<RampSummary> failure,
            OptionalInt interruptedStep,
            Optional<String> saturation) {
        /** Ctrl-C's, a failing step's (a lost quorum or refused connections still exit 1), else the grid's. */
        StopReason stopReason(RampSummary grid) {
            return interruptedStep.isPresent()
                    ? StopReason.INTERRUPTED
                    : failure.map(RampSummary::stopReason).orElse(grid.stopReason());
        }

        /** Why the run stopped: at the step that ended it, or the bisection's lowest saturated one. */
        String message(RampSummary grid) {
            if (interruptedStep.isPresent()) {
                return "interrupted during step " + interruptedStep.getAsInt();
            }
            return failure.map(RampSummary::message).orElse(saturation.orElse(grid.message()));
        }
    }

    /** The stop reasons whose exit code is not the saturated ramp's 0. */
    private static final Set<StopReason> FAILURES =
            EnumSet.of(StopReason.ERRORS, StopReason.SERVER_REFUSED_CONNECTIONS, StopReason.INTERRUPTED);

    private Refinement() {}

    /**
     * The bisection to run after the grid's end, if there is one: only a ramp that saturated, alone (shards
     * follow one schedule of grid steps), with a resolution narrower than the interval (a grid already as
     * narrow is its own answer, and not called refined). A first load step that saturated is bisected from
     * the baseline's 0 domains, a percentage resolution then taken of the saturated count: the grid's
     * default of 100 domains is more than a small ensemble carries, and its answer would otherwise be none.
     * A grid with no stable step before a later saturated one (an unobservable step first) has nothing to
     * start from.
     *
     * @param recorded the ramp's steps so far, the baseline's included
     */
    static Optional<Bisection> after(
            RampSummary grid, RampPlan plan, Resolution resolution, List<StepResult> recorded) {
        if (grid.stopReason() != StopReason.SATURATED
                || resolution.off()
                || !plan.shard().alone()
                || grid.saturatedAtDomains() == null) {
            return Optional.empty();
        }
        boolean firstLoadStep = recorded.stream().filter(s -> s.step() > 0).count() == 1;
        if (grid.maxStableDomains() == null && !firstLoadStep) {
            return Optional.empty();
        }
        int stable = grid.maxStableDomains() == null ? 0 : grid.maxStableDomains();
        int saturated = grid.saturatedAtDomains();
        if (saturated <= stable) {
            return Optional.empty();
        }
        Bisection b = new Bisection(stable, saturated, resolution.domains(stable > 0 ? stable : saturated));
        return b.done() ? Optional.empty() : Optional.of(b);
    }

    /**
     * Runs the bisection's steps to its end, or to the first step that is neither stable nor saturated.
     *
     * @param lastStep the grid's last step number: the refinement's steps follow it
     * @param recorded the ramp's steps as it records them: each run step's verdict is read there
     */
    static Refined run(
            Bisection b,
            Resolution resolution,
            int lastStep,
            List<StepResult> recorded,
            Steps steps,
            RunListener progress) {
        int gridStable = b.stable();
        int gridSaturated = b.saturated();
        int width = b.width();
        progress.line(
                "Refining between %d and %d domains by bisection, to within %s (--resolution %s)",
                gridStable, gridSaturated, Plural.domains(width), resolution);
        List<Integer> visited = new ArrayList<>();
        String endedBy = null;
        Optional<RampSummary> failure = Optional.empty();
        OptionalInt interrupted = OptionalInt.empty();
        Optional<String> saturation = Optional.empty();
        int n = lastStep;
        for (OptionalInt next = b.next(); next.isPresent(); next = b.next()) {
            int domains = next.getAsInt();
            visited.add(domains);
            int before = recorded.size();
            Optional<RampSummary> end;
            try {
                end = steps.run(++n, domains);
            } catch (InterruptedException e) {
                // the steps so far keep their place in the summary: the refinement ends where Ctrl-C found it
                Thread.currentThread().interrupt();
                interrupted = OptionalInt.of(n);
                endedBy = "interrupted during the step to " + Plural.domains(domains);
                break;
            }
            // a step whose domains could not be added is never recorded
            StepVerdict v =
                    recorded.size() > before ? recorded.get(recorded.size() - 1).verdict() : null;
            if (v == StepVerdict.STABLE) {
                b.stable(domains);
            } else if (v == StepVerdict.SATURATED) {
                b.saturated(domains); // always below the saturated counts before it
                saturation = end.map(RampSummary::message);
            } else {
                failure = end.filter(e -> FAILURES.contains(e.stopReason()));
                endedBy = end.map(RampSummary::message)
                        .orElse("the step to " + Plural.domains(domains) + " was "
                                + (v == null ? "not judged" : v.json()));
                break;
            }
        }
        return new Refined(
                new RefinementSummary(
                        resolution.toString(), width, gridStable, gridSaturated, visited, b.done(), endedBy),
                failure,
                interrupted,
                saturation);
    }
}
