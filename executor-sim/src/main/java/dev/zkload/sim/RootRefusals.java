package dev.zkload.sim;

import dev.zkload.sim.DomainStartException.Reason;
import dev.zkload.zk.claim.RootRefusedException;

/** A root the claim refused, said as a fleet says it: what was found, that nothing was touched, and the ways out. */
final class RootRefusals {
    private RootRefusals() {}

    /**
     * @param takeOver whether the fleet was built to take a leftover over
     * @param connectString the fleet's, for the {@code clean} command line it offers
     */
    static DomainStartException of(RootRefusedException refused, boolean takeOver, String connectString) {
        String root = refused.root();
        return switch (refused.reason()) {
            case HELD ->
                new DomainStartException(
                        Reason.ROOT_HELD,
                        refused.getMessage()
                                + "; nothing was touched: give this fleet another root, or end that one first",
                        refused);
            case HOLDS_LIVE_CLAIM_BELOW ->
                new DomainStartException(
                        Reason.ROOT_ABOVE_LIVE_CLAIM,
                        refused.getMessage() + "; nothing was touched: give this fleet a root of its own beside the"
                                + " others, not above them",
                        refused);
            case LEFTOVER ->
                new DomainStartException(
                        Reason.LEFTOVER_ROOT,
                        refused.getMessage() + " (a leftover of one that is gone); nothing was touched: give this fleet"
                                + " another root, take the leftover over with DomainFleet.builder(..).takeOverLeftoverRoot()"
                                + " (deletes what is under it), or remove it with: java -jar runner.jar clean --connect "
                                + connectString + " --root " + root,
                        refused);
            case NOT_ZKLOADS ->
                new DomainStartException(
                        Reason.FOREIGN_ROOT,
                        takeOver
                                ? root + " is outside /zkload and carries no zkload marker, so no fleet or run made it;"
                                        + " takeOverLeftoverRoot() clears only their leftovers, and nothing was touched"
                                : refused.getMessage() + " (it is outside /zkload and carries no zkload marker: another"
                                        + " application's tree?); nothing was touched: give this fleet a root of its own",
                        refused);
        };
    }
}
