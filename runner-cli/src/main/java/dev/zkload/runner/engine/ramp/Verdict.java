package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.result.LimitedBy;
import dev.zkload.runner.result.RefinementSummary;
import dev.zkload.runner.result.Saturation;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StopReason;
import java.util.List;

/**
 * The ramp's answer as data, before a word of it is written: why it stopped, the counts it observed, whether its
 * saturation could be observed, the step the answer is about and what ran out there, and what the answer rests on.
 * {@link VerdictSentence} puts the answer into words; each {@link Qualification} says itself.
 *
 * @param message      why it stopped, as the stop rule said it (a fault's events, the errors)
 * @param target       the domains the ramp was to reach
 * @param yourDomains  what a model file's domains are, in the file's words; null without a model file
 * @param maxStable    the most domains of a load step observed stable; null when none was
 * @param saturatedAt  the domains of the last saturated step; null when none saturated
 * @param boundAt      the domains of the last step at which the runner was the limit; null when none
 * @param observable   every load step's saturation could be judged, and the load rather than a fault was measured
 * @param refinement   the bisection that narrowed a saturated grid's answer; null when there was none
 * @param limitStep    the step the answer is about: the last generator-bound step, or the last host-busy one, when
 *                     the ramp stopped there; null otherwise
 * @param saturatedToo the generator-bound step's own saturation, which the runner's limit keeps from counting as the
 *                     ensemble's; null when its leader's queue did not meet the rule
 * @param threshold    the outstanding-requests threshold of the saturation rule
 * @param limitedBy    what ran out at the step the answer is about, with its figures; null when nothing was found
 * @param marginal     what makes the answer marginal, in words; empty when it is clear
 * @param embedded     the servers were zkload's own, on this machine
 * @param qualifications what the answer rests on, in the order the summary lists them
 * @param hostNoisePercent the most of this machine's cores others took in any load step's settled load, %; null when
 *                     not observed
 */
record Verdict(
        StopReason reason,
        String message,
        int target,
        String yourDomains,
        Integer maxStable,
        Integer saturatedAt,
        Integer boundAt,
        boolean observable,
        RefinementSummary refinement,
        StepResult limitStep,
        Saturation saturatedToo,
        long threshold,
        LimitedBy limitedBy,
        List<String> marginal,
        boolean embedded,
        List<Qualification> qualifications,
        Double hostNoisePercent) {

    Verdict {
        marginal = List.copyOf(marginal);
        qualifications = List.copyOf(qualifications);
    }
}
