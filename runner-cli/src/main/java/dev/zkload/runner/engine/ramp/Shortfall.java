package dev.zkload.runner.engine.ramp;

import dev.zkload.bench.stats.Rounds;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.runner.engine.resources.LimitingResource;
import dev.zkload.runner.result.DeliveredWork;
import dev.zkload.runner.result.Saturation;
import java.util.List;
import java.util.Optional;

/**
 * A step whose domains' work fell short is saturated, whatever the leader's queue says: a server that
 * throttles stops reading its clients' sockets and raises none of the counters the queue rule reads, so only
 * the work the ensemble did tells it apart from a calm one. Short means fewer than
 * {@link LimitingResource#DELIVERED} of at least {@value #MIN_FIRES} job fires due delivered.
 */
final class Shortfall {
    /** Fewer fires than this are too few to call a share of them short. */
    static final int MIN_FIRES = 20;

    private Shortfall() {}

    /**
     * The step's saturation by its delivered work; empty when its work was done, or too little was judged.
     *
     * @param rounds the settled load's sampling rounds, for the queue's figures beside it
     */
    static Optional<Saturation> of(DeliveredWork d, List<List<StatsSample>> rounds, long threshold) {
        if (d == null || d.firesDue() < MIN_FIRES || d.share() >= LimitingResource.DELIVERED) {
            return Optional.empty();
        }
        long n = 0;
        long above = 0;
        double sum = 0;
        for (List<StatsSample> round : rounds) {
            Optional<StatsSample> l = Rounds.leaderOf(round);
            if (l.isPresent()) {
                long o = l.get().stats().outstandingRequests();
                n++;
                sum += o;
                above += o >= threshold ? 1 : 0;
            }
        }
        return Optional.of(Saturation.shortfall(n == 0 ? 0 : (double) above / n, n == 0 ? 0 : sum / n));
    }
}
