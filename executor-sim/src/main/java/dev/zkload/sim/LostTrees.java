package dev.zkload.sim;

import dev.zkload.zk.claim.RootClaim;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A fleet whose root is gone from the ensemble while it lives: the control session, new after an expiry,
 * found no root to take its claim on again, so the servers lost their data (a server restarted empty).
 * The root, its claim and every domain's tree are written again, so that the domains' processes, whose
 * registrations fail meanwhile and are tried again ({@link RegistrationRetry}), find them.
 */
final class LostTrees {
    private static final Logger LOG = LoggerFactory.getLogger(LostTrees.class);

    private LostTrees() {}

    /**
     * @param trees writes the trees of the domains up now, or gives null when the fleet is no longer started
     */
    static void writeAgain(
            FleetSettings settings,
            FleetState state,
            RootClaim claim,
            AdminSession admin,
            Supplier<DomainTree.Writes> trees) {
        String root = settings.root();
        state.rootRewritten();
        LOG.error(
                "{} is gone from the ensemble (a server that came back without its data?): writing the root, its"
                        + " claim and the domains' trees again; their processes register again as they find them",
                root);
        try {
            claim.restore(admin.handle());
            if (settings.models().version().watchesSaturnSelf()) {
                admin.createPath(root + "/$SaturnSelf/saturn-executor/config", "");
            }
            DomainTree.Writes writes = trees.get();
            if (writes == null) {
                return;
            }
            writes.done().get(settings.addTimeout().toMillis(), TimeUnit.MILLISECONDS);
            LOG.info("{}: the domains' trees written again ({} znodes)", root, writes.znodes());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.error("{}: the lost trees could not be written again: {}", root, e.toString());
        }
    }
}
