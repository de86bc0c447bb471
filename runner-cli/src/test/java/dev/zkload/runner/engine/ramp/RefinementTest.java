package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.engine.run.RecordingListener;
import dev.zkload.runner.result.RampSummary;
import dev.zkload.runner.result.RefinementSummary;
import dev.zkload.runner.result.StepFixture;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepVerdict;
import dev.zkload.runner.result.StopReason;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

class RefinementTest {
    private static final RampPlan PLAN = Plans.plan(700, true);

    private final List<StepResult> recorded = new ArrayList<>();
    private final List<Integer> stepNumbers = new ArrayList<>();
    private final RecordingListener console = new RecordingListener();
    private Refinement.Refined lastRefined;
    private RampSummary grid;

    @Test
    void bisectsFromTheGridsEndsToTheResolutionAndSaysSo() throws Exception {
        grid(100, 200);
        RefinementSummary r = refine(Resolution.DEFAULT, d -> d <= 137 ? StepVerdict.STABLE : StepVerdict.SATURATED);

        assertThat(r.visited()).containsExactly(150, 125, 137, 143);
        assertThat(lastRefined.saturation())
                .as("the run stopped at the lowest saturated step, not the grid's")
                .contains("stop after 143: saturated");
        assertThat(stepNumbers).as("the refinement's steps follow the grid's").containsExactly(3, 4, 5, 6);
        assertThat(r.complete()).isTrue();
        assertThat(r.endedBy()).isNull();
        assertThat(r.widthDomains()).isEqualTo(10);
        assertThat(console.text())
                .contains("Refining between 100 and 200 domains by bisection, to within 10 domains (--resolution 10%)");

        RampSummary s = CapacityVerdict.summarize(StopReason.SATURATED, "m", recorded, PLAN, false, r);
        assertThat(s.maxStableDomains()).isEqualTo(137);
        assertThat(s.saturatedAtDomains()).isEqualTo(143);
        assertThat(s.verdict())
                .isEqualTo(
                        "The ensemble saturated at 143 domains; max stable domains: 137 (refined by bisection"
                                + " between the grid's 100 and 200 to within 10 domains)."
                                + " Why it saturated was not observed: neither the machine's nor the servers' resources were read at 143 domains.");
        assertThat(s.refinement()).isEqualTo(r);
    }

    @Test
    void anAbsoluteResolutionStopsSooner() throws Exception {
        grid(100, 200);
        RefinementSummary r =
                refine(Resolution.parse("30"), d -> d <= 137 ? StepVerdict.STABLE : StepVerdict.SATURATED);
        assertThat(r.visited()).containsExactly(150, 125);
        assertThat(r.complete()).isTrue();
    }

    @Test
    void aDisturbedStepEndsTheRefinementWithTheIntervalSoFarAndNoGuess() throws Exception {
        grid(100, 200);
        RefinementSummary r = refine(
                Resolution.DEFAULT,
                d -> d == 125 ? StepVerdict.DISTURBED : d <= 137 ? StepVerdict.STABLE : StepVerdict.SATURATED);

        assertThat(r.visited()).as("nothing runs after the disturbed step").containsExactly(150, 125);
        assertThat(r.complete()).isFalse();
        assertThat(r.endedBy()).isEqualTo("stop after 125: disturbed");

        RampSummary s = CapacityVerdict.summarize(StopReason.SATURATED, "m", recorded, PLAN, false, r);
        assertThat(s.maxStableDomains())
                .as("the grid's stable step, not a midpoint no step judged")
                .isEqualTo(100);
        assertThat(s.saturatedAtDomains()).isEqualTo(150);
        assertThat(s.verdict())
                .isEqualTo(
                        "The ensemble saturated at 150 domains; max stable domains: 100 — the refinement between"
                                + " the grid's 100 and 200 stopped before its resolution (see the notes): the capacity lies"
                                + " between 100 and 150 domains, an interval of 50 domains rather than 10."
                                + " Why it saturated was not observed: neither the machine's nor the servers' resources were read at 150 domains.");
        assertThat(s.qualifications().get(0))
                .isEqualTo("The refinement stopped before the resolution: stop after 125: disturbed.");
    }

    @Test
    void aStepThatEndsInErrorsEndsTheRunWithItsOwnReasonNotAsSaturated() throws Exception {
        grid(100, 200);
        Refinement.Refined r = refined(Resolution.DEFAULT, d -> d == 150 ? StepVerdict.ERRORS : StepVerdict.STABLE);
        assertThat(r.summary().endedBy()).isEqualTo("stop after 150: errors");
        assertThat(r.failure()).map(RampSummary::stopReason).contains(StopReason.ERRORS);
        assertThat(r.message(gridSummary(StopReason.SATURATED, 100, 200))).isEqualTo("stop after 150: errors");

        Refinement.Refined disturbed =
                refined(Resolution.DEFAULT, d -> d == 150 ? StepVerdict.DISTURBED : StepVerdict.STABLE);
        assertThat(disturbed.failure())
                .as("a disturbed step only qualifies the answer")
                .isEmpty();
    }

    @Test
    void ctrlCDuringAStepEndsTheRefinementAndKeepsItsRecord() {
        grid(100, 200);
        Bisection b = Refinement.after(gridSummary(StopReason.SATURATED, 100, 200), PLAN, Resolution.DEFAULT, recorded)
                .orElseThrow();
        Refinement.Refined r = Refinement.run(
                b,
                Resolution.DEFAULT,
                2,
                recorded,
                (n, d) -> {
                    if (d == 125) {
                        throw new InterruptedException();
                    }
                    recorded.add(StepFixture.step(d)
                            .refinement()
                            .saturated()
                            .verdict(StepVerdict.SATURATED)
                            .build());
                    return Optional.empty();
                },
                console);
        assertThat(Thread.interrupted()).as("the interrupt is passed on").isTrue();
        assertThat(r.interruptedStep()).hasValue(4);
        RampSummary grid = gridSummary(StopReason.SATURATED, 100, 200);
        assertThat(r.stopReason(grid)).isEqualTo(StopReason.INTERRUPTED);
        assertThat(r.message(grid)).isEqualTo("interrupted during step 4");
        assertThat(r.summary().visited()).containsExactly(150, 125);
        assertThat(r.summary().complete()).isFalse();
        assertThat(r.summary().endedBy()).isEqualTo("interrupted during the step to 125 domains");
        assertThat(r.failure()).isEmpty();
    }

    @Test
    void aStepThatCouldNotBeAddedEndsTheRefinementToo() throws Exception {
        grid(100, 200);
        RefinementSummary r = refine(Resolution.DEFAULT, d -> null);
        assertThat(r.visited()).containsExactly(150);
        assertThat(r.complete()).isFalse();
        assertThat(r.endedBy()).isEqualTo("could not add 150");
    }

    @Test
    void anUnobservableStepEndsItWithoutAStopOfItsOwn() throws Exception {
        grid(100, 200);
        RefinementSummary r = refine(Resolution.DEFAULT, d -> StepVerdict.UNOBSERVABLE);
        assertThat(r.endedBy()).isEqualTo("the step to 150 domains was unobservable");
    }

    @Test
    void onlyASaturatedGridWithAResolutionIsRefined() {
        grid(100, 200);
        RampSummary saturated = gridSummary(StopReason.SATURATED, 100, 200);
        assertThat(Refinement.after(saturated, PLAN, Resolution.DEFAULT, recorded))
                .isPresent();
        assertThat(Refinement.after(saturated, PLAN, Resolution.parse("0"), recorded))
                .isEmpty();
        assertThat(Refinement.after(saturated, PLAN, Resolution.parse("100"), recorded))
                .as("a grid already within the resolution is its own answer")
                .isEmpty();
        assertThat(Refinement.after(gridSummary(StopReason.DISTURBED, 100, null), PLAN, Resolution.DEFAULT, recorded))
                .isEmpty();

        recorded.clear();
        firstStepSaturated(100);
        RampSummary first = gridSummary(StopReason.SATURATED, null, 100);
        assertThat(Refinement.after(first, PLAN, Resolution.DEFAULT, recorded))
                .as("a first load step that saturated: bisected from the baseline's 0, to a tenth of it")
                .map(Bisection::width)
                .contains(10);
        assertThat(Refinement.after(first, PLAN, Resolution.parse("100"), recorded))
                .isEmpty();

        recorded.clear();
        recorded.add(StepFixture.step(100).verdict(StepVerdict.UNOBSERVABLE).build());
        recorded.add(
                StepFixture.step(200).saturated().verdict(StepVerdict.SATURATED).build());
        assertThat(Refinement.after(gridSummary(StopReason.SATURATED, null, 200), PLAN, Resolution.DEFAULT, recorded))
                .as("no stable step, but not the first step either: nothing to start from")
                .isEmpty();
    }

    @Test
    void aFirstLoadStepThatSaturatedIsBisectedFromNothing() throws Exception {
        firstStepSaturated(100);
        RefinementSummary r = refine(Resolution.DEFAULT, d -> d <= 80 ? StepVerdict.STABLE : StepVerdict.SATURATED);

        assertThat(r.visited()).containsExactly(50, 75, 87, 81);
        assertThat(r.complete()).isTrue();
        assertThat(r.widthDomains())
                .as("10% of the saturated count, no count being stable")
                .isEqualTo(10);
        assertThat(console.text())
                .contains("Refining between 0 and 100 domains by bisection, to within 10 domains (--resolution 10%)");
        RampSummary s = CapacityVerdict.summarize(StopReason.SATURATED, "m", recorded, PLAN, false, r);
        assertThat(s.maxStableDomains()).isEqualTo(75);
        assertThat(s.saturatedAtDomains()).isEqualTo(81);
        assertThat(s.verdict())
                .isEqualTo(
                        "The ensemble saturated at 81 domains; max stable domains: 75 (refined by bisection"
                                + " between 0 and the grid's first step, 100, to within 10 domains)."
                                + " Why it saturated was not observed: neither the machine's nor the servers' resources were read at 81 domains.");
    }

    @Test
    void aRefinementFromNothingThatNothingCarriedNamesNoStableCount() throws Exception {
        firstStepSaturated(100);
        RefinementSummary r = refine(Resolution.parse("30"), d -> StepVerdict.SATURATED);
        assertThat(r.visited()).containsExactly(50, 25);
        RampSummary s = CapacityVerdict.summarize(StopReason.SATURATED, "m", recorded, PLAN, false, r);
        assertThat(s.maxStableDomains()).isNull();
        assertThat(s.verdict())
                .isEqualTo(
                        "The ensemble saturated at 25 domains; max stable domains: none (refined by bisection"
                                + " between 0 and the grid's first step, 100, to within 30 domains)."
                                + " Why it saturated was not observed: neither the machine's nor the servers' resources were read at 25 domains.");

        recorded.clear();
        firstStepSaturated(100);
        RefinementSummary cut = refine(Resolution.DEFAULT, d -> StepVerdict.DISTURBED);
        assertThat(cut.visited()).containsExactly(50);
        assertThat(CapacityVerdict.summarize(StopReason.SATURATED, "m", recorded, PLAN, false, cut)
                        .verdict())
                .isEqualTo(
                        "The ensemble saturated at 100 domains; max stable domains: none — the refinement between"
                                + " 0 and the grid's first step, 100, stopped before its resolution (see the notes): no count"
                                + " was judged stable, and the capacity lies below 100 domains."
                                + " Why it saturated was not observed: neither the machine's nor the servers' resources were read at 100 domains.");
    }

    /** The grid's last two steps, stable then saturated, as the ramp recorded them. */
    private void grid(int stable, int saturated) {
        recorded.add(StepFixture.step(stable).verdict(StepVerdict.STABLE).build());
        recorded.add(StepFixture.step(saturated)
                .saturated()
                .verdict(StepVerdict.SATURATED)
                .build());
        grid = gridSummary(StopReason.SATURATED, stable, saturated);
    }

    /** A grid whose first load step saturated: no stable step before it. */
    private void firstStepSaturated(int saturated) {
        recorded.add(StepFixture.step(saturated)
                .saturated()
                .verdict(StepVerdict.SATURATED)
                .build());
        grid = gridSummary(StopReason.SATURATED, null, saturated);
    }

    /**
     * Runs the refinement on an ensemble that answers each count with a verdict (null: its domains could
     * not be added), recording its steps as the ramp does.
     */
    private RefinementSummary refine(Resolution resolution, IntFunction<StepVerdict> ensemble)
            throws InterruptedException {
        lastRefined = refined(resolution, ensemble);
        return lastRefined.summary();
    }

    private Refinement.Refined refined(Resolution resolution, IntFunction<StepVerdict> ensemble)
            throws InterruptedException {
        Bisection b = Refinement.after(grid, PLAN, resolution, recorded).orElseThrow();
        return Refinement.run(
                b,
                resolution,
                2,
                recorded,
                (n, d) -> {
                    stepNumbers.add(n);
                    StepVerdict v = ensemble.apply(d);
                    if (v == null) {
                        return Optional.of(gridSummary(StopReason.CANNOT_ADD_DOMAINS, "could not add " + d));
                    }
                    recorded.add(StepFixture.step(d).refinement().verdict(v).build());
                    return v == StepVerdict.STABLE || v == StepVerdict.UNOBSERVABLE
                            ? Optional.empty()
                            : Optional.of(gridSummary(
                                    v == StepVerdict.ERRORS
                                            ? StopReason.ERRORS
                                            : v == StepVerdict.SATURATED ? StopReason.SATURATED : StopReason.DISTURBED,
                                    "stop after " + d + ": " + v.json()));
                },
                console);
    }

    private static RampSummary gridSummary(StopReason reason, Integer stable, Integer saturated) {
        return summary(reason, stable, saturated, "m");
    }

    private static RampSummary gridSummary(StopReason reason, String message) {
        return summary(reason, null, null, message);
    }

    private static RampSummary summary(StopReason reason, Integer stable, Integer saturated, String message) {
        return new RampSummary(
                1, stable, saturated, null, reason, true, "v", List.of(), false, null, 2, message, List.of(), null,
                null, null, null, null);
    }
}
