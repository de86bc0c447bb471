package dev.zkload.runner.engine.disrupt;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

/**
 * Judges, from the rounds taken since a fault struck, when the ensemble and the fleet were back: a
 * condition is back at the first round from which it held in every round until {@link DisruptPlan#HOLD}
 * past the fault's last action (or past that round, when it came later): sessions that reconnected
 * while a restarted server was still starting were back then, not when it served. A session lost and
 * back between two rounds, which the count of those connected does not show, breaks the sessions' hold
 * as one still lost would: they are back from the round that counted the loss. Recovered is all of them
 * at once: a leader, every server answering, every simulated session connected, the footprint as before.
 */
public final class RecoveryJudge {
    private final Instant faultStart;
    private final Instant faultEnd;
    private final Moment.Baseline before;
    private final Duration hold;

    /**
     * A judge of one fault.
     *
     * @param faultStart when the fault's first action began
     * @param faultEnd   when its last action ended (the server resumed, restarted, the command returned)
     * @param before     the footprint the load held before the fault
     */
    public RecoveryJudge(Instant faultStart, Instant faultEnd, Moment.Baseline before, Duration hold) {
        this.faultStart = faultStart;
        this.faultEnd = faultEnd;
        this.before = before;
        this.hold = hold;
    }

    /** What the rounds show; the times are from the fault's start, null when not (yet) back. */
    public record Recovery(Duration leaderless, Duration sessionsBack, Duration footprintBack, Duration recovered) {}

    /**
     * What the rounds show so far.
     *
     * @param all every round since the fault struck, oldest first
     */
    public Recovery judge(List<Moment> all) {
        List<Moment> rounds = heard(all);
        return new Recovery(
                leaderless(rounds),
                backAt(rounds, Moment::sessionsBack, Moment::sessionsLostSince),
                backAt(rounds, m -> m.footprintBack(before), (m, earlier) -> false),
                backAt(rounds, m -> m.sessionsBack() && m.footprintBack(before), Moment::sessionsLostSince));
    }

    /**
     * Time in which no leader served, from each leaderless round to the next round: a stalled leader
     * leads nobody. Up to the last round, which has no successor to bound it; silent rounds say nothing.
     */
    static Duration leaderless(List<Moment> all) {
        List<Moment> rounds = heard(all);
        Duration sum = Duration.ZERO;
        for (int i = 0; i + 1 < rounds.size(); i++) {
            if (!rounds.get(i).leads()) {
                sum = sum.plus(
                        Duration.between(rounds.get(i).time(), rounds.get(i + 1).time()));
            }
        }
        return sum;
    }

    private static List<Moment> heard(List<Moment> rounds) {
        return rounds.stream().filter(m -> !m.silent()).toList();
    }

    /**
     * @param healthy   whether a round is healthy
     * @param relapsed  whether, between the round heard before and this one, it was not: the hold starts again
     */
    private Duration backAt(List<Moment> rounds, Predicate<Moment> healthy, BiPredicate<Moment, Moment> relapsed) {
        Instant from = null;
        Moment previous = null;
        for (Moment m : rounds) {
            Moment earlier = previous;
            previous = m;
            if (m.time().isBefore(faultStart)) {
                continue;
            }
            if (earlier != null && relapsed.test(m, earlier)) {
                from = null;
            }
            if (!healthy.test(m)) {
                from = null;
                continue;
            }
            if (from == null) {
                from = m.time();
            }
            Instant until = (from.isAfter(faultEnd) ? from : faultEnd).plus(hold);
            if (!m.time().isBefore(until)) {
                return Duration.between(faultStart, from);
            }
        }
        return null;
    }
}
