package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.result.LimitedBy;
import dev.zkload.runner.result.RefinementSummary;
import dev.zkload.runner.result.Saturation;
import dev.zkload.runner.result.StopReason;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The wording of a decided {@link Verdict}, apart from how it was decided: the one place its sentences are tested. */
class VerdictSentenceTest {
    private static final LimitedBy LOG = new LimitedBy(
            LimitedBy.Resource.TRANSACTION_LOG,
            "127.0.0.1:2181",
            300,
            "fsyncs back to back, 9.1 ms each",
            List.of(),
            List.of());

    @ParameterizedTest
    @EnumSource(StopReason.class)
    void everyStopIsASentenceThatNamesTheMostDomainsStable(StopReason reason) {
        String s = VerdictSentence.of(verdict(reason, 200, 300, null));
        assertThat(s).endsWith(".").doesNotContain("null");
        if (reason != StopReason.TARGET_REACHED) {
            assertThat(s)
                    .as("the most domains stable, however the stop is said")
                    .containsPattern("\\b200\\b");
        }
    }

    @Test
    void aSaturationIsExplainedByWhatRanOutAndMarginsFollow() {
        Verdict v = new Verdict(
                StopReason.SATURATED,
                "m",
                500,
                null,
                200,
                300,
                null,
                true,
                null,
                null,
                null,
                300,
                LOG,
                List.of("the last stable step's queue was within 20% of the threshold"),
                false);
        assertThat(VerdictSentence.of(v))
                .isEqualTo("The ensemble saturated at 300 domains; max stable domains: 200. Limited by the leader's"
                        + " transaction log (127.0.0.1:2181): fsyncs back to back, 9.1 ms each. Marginal: the last"
                        + " stable step's queue was within 20% of the threshold.");
    }

    @Test
    void theRunnersOwnLimitIsNotExplainedAsTheEnsemblesButItsQueueIsSaidWithItsFigures() {
        LimitedBy runner = new LimitedBy(LimitedBy.Resource.RUNNER, null, 100, "fires late", List.of(), List.of());
        Verdict held = new Verdict(
                StopReason.GENERATOR_BOUND,
                "m",
                300,
                null,
                80,
                null,
                100,
                true,
                null,
                null,
                new Saturation(Saturation.Rule.HELD, 0.95, 612.4, null),
                300,
                runner,
                List.of(),
                false);
        assertThat(VerdictSentence.of(held))
                .contains("it stayed at or above the threshold, averaging 612 outstanding requests against the"
                        + " threshold of 300")
                .doesNotContain("Limited by the runner");
        Verdict averaged = new Verdict(
                StopReason.GENERATOR_BOUND,
                "m",
                300,
                null,
                80,
                null,
                100,
                true,
                null,
                null,
                new Saturation(Saturation.Rule.AVERAGED, 0.877, 612.0, 475.3),
                300,
                runner,
                List.of(),
                false);
        assertThat(VerdictSentence.of(averaged)).contains("(it averaged 475 outstanding requests");
    }

    @Test
    void aModelFilesWordsGoWithTheFirstCountNamedAndOnlyThere() {
        Verdict none = new Verdict(
                StopReason.SATURATED,
                "m",
                300,
                "model file prod.yaml",
                null,
                100,
                null,
                true,
                null,
                null,
                null,
                300,
                null,
                List.of(),
                false);
        assertThat(VerdictSentence.of(none))
                .isEqualTo("The ensemble saturated at 100 of your domains (model file prod.yaml); max stable domains:"
                        + " none.");
        assertThat(VerdictSentence.of(verdictWithWords(StopReason.INTERRUPTED, 100)))
                .isEqualTo("Interrupted before a verdict; max stable domains so far: 100 of your domains (model file"
                        + " prod.yaml).");
    }

    @Test
    void aRefinementCutShortGivesTheWiderIntervalItReached() {
        RefinementSummary cut = new RefinementSummary("10 domains", 10, 200, 300, List.of(250), false, "errors");
        Verdict v = new Verdict(
                StopReason.SATURATED,
                "m",
                300,
                null,
                250,
                300,
                null,
                true,
                cut,
                null,
                null,
                300,
                null,
                List.of(),
                false);
        assertThat(VerdictSentence.of(v))
                .isEqualTo("The ensemble saturated at 300 domains; max stable domains: 250 — the refinement between"
                        + " the grid's 200 and 300 stopped before its resolution (see the notes): the capacity lies"
                        + " between 250 and 300 domains, an interval of 50 domains rather than 10.");
    }

    @Test
    void aBusyMachineNamesWhatElseWasAtItsLimitThere() {
        LimitedBy machine = new LimitedBy(
                LimitedBy.Resource.THIS_MACHINE, null, 10, "others took it", List.of("the leader's CPU"), List.of());
        Verdict v = new Verdict(
                StopReason.HOST_BUSY,
                "m",
                300,
                null,
                5,
                null,
                null,
                true,
                null,
                null,
                null,
                300,
                machine,
                List.of(),
                false);
        assertThat(VerdictSentence.of(v))
                .isEqualTo("This machine was too busy to measure. The ensemble carried 5 domains, and beyond that its"
                        + " capacity is not known: run the runner where nothing else competes for its cores to"
                        + " measure it. Also at its limit there: the leader's CPU.")
                .as("the machine's own explanation is the headline, not repeated")
                .doesNotContain("Limited by this machine");
    }

    private static Verdict verdict(StopReason reason, Integer maxStable, int target, String yours) {
        return new Verdict(
                reason,
                "the leader changed",
                target,
                yours,
                maxStable,
                reason == StopReason.SATURATED ? maxStable + 100 : null,
                reason == StopReason.GENERATOR_BOUND ? maxStable + 100 : null,
                true,
                null,
                null,
                null,
                300,
                null,
                List.of(),
                false);
    }

    private static Verdict verdictWithWords(StopReason reason, Integer maxStable) {
        return verdict(reason, maxStable, 300, "model file prod.yaml");
    }
}
