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

/**
 * The wording of a decided {@link Verdict}, apart from how it was decided: each part of the sentence from a verdict
 * made to show it. ({@link CapacityVerdictTest} holds whole sentences of verdicts decided from steps.)
 */
class VerdictSentenceTest {
    private static final LimitedBy LOG = new LimitedBy(
            LimitedBy.Resource.TRANSACTION_LOG,
            "127.0.0.1:2181",
            300,
            "fsyncs back to back, 9.1 ms each",
            List.of(),
            List.of());
    private static final LimitedBy RUNNER =
            new LimitedBy(LimitedBy.Resource.RUNNER, null, 100, "fires late", List.of(), List.of());

    @ParameterizedTest
    @EnumSource(StopReason.class)
    void everyStopIsASentenceThatNamesTheMostDomainsStable(StopReason reason) {
        Decided d = new Decided(reason).maxStable(200);
        if (reason == StopReason.SATURATED) {
            d.saturatedAt(300);
        } else if (reason == StopReason.GENERATOR_BOUND) {
            d.boundAt(300);
        }
        String s = VerdictSentence.of(d.verdict());
        assertThat(s).endsWith(".").doesNotContain("null");
        if (reason != StopReason.TARGET_REACHED) {
            assertThat(s)
                    .as("the most domains stable, however the stop is said")
                    .containsPattern("\\b200\\b");
        }
    }

    @Test
    void aSaturationIsExplainedByWhatRanOutAndMarginsFollow() {
        Verdict v = new Decided(StopReason.SATURATED)
                .maxStable(200)
                .saturatedAt(300)
                .limitedBy(LOG)
                .marginal("the last stable step's queue was within 20% of the threshold")
                .verdict();
        assertThat(VerdictSentence.of(v))
                .isEqualTo("The ensemble saturated at 300 domains; max stable domains: 200. Limited by the leader's"
                        + " transaction log (127.0.0.1:2181): fsyncs back to back, 9.1 ms each. Marginal: the last"
                        + " stable step's queue was within 20% of the threshold.");
    }

    @Test
    void theRunnersOwnLimitIsNotExplainedAsTheEnsemblesButItsQueueIsSaidWithItsFigures() {
        Decided bound = new Decided(StopReason.GENERATOR_BOUND)
                .maxStable(80)
                .boundAt(100)
                .limitedBy(RUNNER);
        assertThat(VerdictSentence.of(bound.saturatedToo(new Saturation(Saturation.Rule.HELD, 0.95, 612.4, null))
                        .verdict()))
                .contains("it stayed at or above the threshold, averaging 612 outstanding requests against the"
                        + " threshold of 300")
                .doesNotContain("Limited by the runner");
        assertThat(VerdictSentence.of(bound.saturatedToo(new Saturation(Saturation.Rule.AVERAGED, 0.877, 612.0, 475.3))
                        .verdict()))
                .contains("(it averaged 475 outstanding requests");
    }

    @Test
    void aModelFilesWordsGoWithTheFirstCountNamedAndOnlyThere() {
        assertThat(VerdictSentence.of(new Decided(StopReason.SATURATED)
                        .saturatedAt(100)
                        .yours("model file prod.yaml")
                        .verdict()))
                .isEqualTo("The ensemble saturated at 100 of your domains (model file prod.yaml); max stable domains:"
                        + " none.");
        assertThat(VerdictSentence.of(new Decided(StopReason.INTERRUPTED)
                        .maxStable(100)
                        .yours("model file prod.yaml")
                        .verdict()))
                .isEqualTo("Interrupted before a verdict; max stable domains so far: 100 of your domains (model file"
                        + " prod.yaml).");
    }

    @Test
    void aRefinementCutShortGivesTheWiderIntervalItReached() {
        RefinementSummary cut = new RefinementSummary("10 domains", 10, 200, 300, List.of(250), false, "errors");
        Verdict v = new Decided(StopReason.SATURATED)
                .maxStable(250)
                .saturatedAt(300)
                .refinement(cut)
                .verdict();
        assertThat(VerdictSentence.of(v))
                .isEqualTo("The ensemble saturated at 300 domains; max stable domains: 250 — the refinement between"
                        + " the grid's 200 and 300 stopped before its resolution (see the notes): the capacity lies"
                        + " between 250 and 300 domains, an interval of 50 domains rather than 10.");
    }

    @Test
    void aBusyMachineNamesWhatElseWasAtItsLimitThere() {
        LimitedBy machine = new LimitedBy(
                LimitedBy.Resource.THIS_MACHINE, null, 10, "others took it", List.of("the leader's CPU"), List.of());
        Verdict v = new Decided(StopReason.HOST_BUSY)
                .maxStable(5)
                .limitedBy(machine)
                .verdict();
        assertThat(VerdictSentence.of(v))
                .isEqualTo("This machine was too busy to measure. The ensemble carried 5 domains, and beyond that its"
                        + " capacity is not known: run the runner where nothing else competes for its cores to"
                        + " measure it. Also at its limit there: the leader's CPU.")
                .as("the machine's own explanation is the headline, not repeated")
                .doesNotContain("Limited by this machine");
    }

    /** A verdict as a test decides it: a target of 300, observable, nothing ran out unless said. */
    private static final class Decided {
        private final StopReason reason;
        private Integer maxStable;
        private Integer saturatedAt;
        private Integer boundAt;
        private String yours;
        private RefinementSummary refinement;
        private Saturation saturatedToo;
        private LimitedBy limitedBy;
        private List<String> marginal = List.of();

        Decided(StopReason reason) {
            this.reason = reason;
        }

        Decided maxStable(int domains) {
            maxStable = domains;
            return this;
        }

        Decided saturatedAt(int domains) {
            saturatedAt = domains;
            return this;
        }

        Decided boundAt(int domains) {
            boundAt = domains;
            return this;
        }

        Decided yours(String words) {
            yours = words;
            return this;
        }

        Decided refinement(RefinementSummary r) {
            refinement = r;
            return this;
        }

        Decided saturatedToo(Saturation s) {
            saturatedToo = s;
            return this;
        }

        Decided limitedBy(LimitedBy l) {
            limitedBy = l;
            return this;
        }

        Decided marginal(String... notes) {
            marginal = List.of(notes);
            return this;
        }

        Verdict verdict() {
            return new Verdict(
                    reason,
                    "the leader changed",
                    300,
                    yours,
                    maxStable,
                    saturatedAt,
                    boundAt,
                    true,
                    refinement,
                    null,
                    saturatedToo,
                    300,
                    limitedBy,
                    marginal,
                    false,
                    List.of(),
                    null);
        }
    }
}
