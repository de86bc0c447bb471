package dev.zkload.sim;

import dev.zkload.sim.zk.RootLock;
import dev.zkload.sim.zk.ZkTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A fleet's claim on its root, the same sign zkload's runs leave on theirs: an ephemeral
 * {@value #LOCK} directly under the root, held by the control session, whose data names the holder
 * (zkload's {@code clean} refuses a root while it is held, and names the holder). A root held by a
 * live fleet or run is refused; a root that holds znodes but no live lock is a leftover, refused
 * unless taken over. The claim remembers what it created (the root, the missing parents), so that
 * {@link #remove} deletes only that, and everything under the root.
 */
final class RootClaim {
    static final String LOCK = RootLock.NAME;

    private static final Logger LOG = LoggerFactory.getLogger(RootClaim.class);

    private final String root;
    private final List<ACL> acl;
    private final byte[] owner;
    /** The root (if start() created it or took it over) and the parents it created, nearest first. */
    private final List<String> created;
    /** Set once the fleet removes or releases its root: a lock deleted then is not taken again. */
    private volatile boolean givenUp;
    /** Told when the root is gone as the claim is taken again (the servers lost their data). */
    private volatile Runnable whenRootGone = () -> {};

    private RootClaim(String root, List<ACL> acl, byte[] owner, List<String> created) {
        this.root = root;
        this.acl = acl;
        this.owner = owner;
        this.created = created;
    }

    /**
     * Claims {@code root}: refuses a held root and, unless {@code takeOver}, a leftover; creates the
     * root and its missing parents, then the lock.
     *
     * @param acl the ACL of the root and its lock (the parents are world-open: others share them)
     * @throws DomainStartException naming the root, its holder or its size, and the ways out
     */
    static RootClaim take(ZooKeeper zk, String root, List<ACL> acl, boolean takeOver, String connectString)
            throws KeeperException, InterruptedException {
        Stat stat = zk.exists(root, false);
        boolean tookOver = false;
        if (stat != null) {
            Optional<String> holder = holder(zk, root);
            if (holder.isPresent()) {
                throw held(root, holder.get());
            }
            Map<String, String> below = stat.getNumChildren() > 0 ? LiveClaims.below(zk, root) : Map.of();
            if (!below.isEmpty()) {
                Map.Entry<String, String> first = below.entrySet().iterator().next();
                throw new DomainStartException(
                        root + " holds another live fleet or run below it (" + first.getKey() + ": "
                                + first.getValue() + (below.size() > 1 ? "; and " + (below.size() - 1) + " more" : "")
                                + "); nothing was touched: give this fleet a root of its own beside the others,"
                                + " not above them",
                        null);
            }
            if (stat.getNumChildren() > 0) {
                if (!takeOver) {
                    throw LeftoverRoot.refused(zk, root, connectString);
                }
                LeftoverRoot.checkTakeOver(zk, root);
                tookOver = true;
            }
        }
        List<String> created = new ArrayList<>(RootLock.createMarked(zk, root, RootOwner.COMMAND, acl));
        if (tookOver) {
            created.add(0, root);
        }
        byte[] owner = RootOwner.of(root);
        try {
            zk.create(root + "/" + LOCK, owner, acl, CreateMode.EPHEMERAL);
        } catch (KeeperException.NodeExistsException lost) {
            // another fleet or run claimed it between our look and our lock
            throw held(root, holder(zk, root).orElse("a fleet or run that has just ended"));
        }
        if (tookOver) {
            // only once the lock is ours: two fleets taking the same leftover over never clear each other's
            LeftoverRoot.clearAllBut(zk, root, LOCK);
        }
        return new RootClaim(root, acl, owner, created);
    }

    /**
     * Takes the lock again on a new control session, after the old one expired with the lock
     * (a partition longer than the session timeout). Asynchronous: called on Curator's event thread.
     */
    void renew(ZooKeeper zk) {
        zk.create(
                root + "/" + LOCK,
                owner,
                acl,
                CreateMode.EPHEMERAL,
                (rc, path, ctx, name) -> {
                    if (rc == KeeperException.Code.OK.intValue()) {
                        LOG.info("the claim on {} was lost with the control session; taken again", root);
                    } else if (rc == KeeperException.Code.NODEEXISTS.intValue()) {
                        renewWhenGone(zk);
                    } else if (rc == KeeperException.Code.NONODE.intValue() && !givenUp) {
                        whenRootGone.run();
                    } else {
                        LOG.warn(
                                "the claim on {} was lost with the control session and not taken again: {}",
                                root,
                                KeeperException.Code.get(rc));
                    }
                },
                null);
    }

    /** What to do when the root is found gone as the claim is taken again; called on the session's event thread. */
    void whenRootGone(Runnable action) {
        this.whenRootGone = action;
    }

    /**
     * Writes the root, its missing parents and the lock again, after the servers lost them all (a server
     * that came back without its data). What the claim created stays its to remove; a parent it did not
     * create stays.
     */
    void restore(ZooKeeper zk) throws KeeperException, InterruptedException {
        RootLock.createMarked(zk, root, RootOwner.COMMAND, acl);
        try {
            zk.create(root + "/" + LOCK, owner, acl, CreateMode.EPHEMERAL);
        } catch (KeeperException.NodeExistsException ours) {
            // taken again meanwhile
        }
    }

    /**
     * The lock is still there: the client gave the old session up before the servers expired it, and
     * its lock goes when they do. Takes it again then, so that the root is never left unclaimed while
     * the fleet lives; a lock of this very session is the claim already.
     */
    private void renewWhenGone(ZooKeeper zk) {
        zk.exists(
                root + "/" + LOCK,
                event -> {
                    if (!givenUp && event.getType() == org.apache.zookeeper.Watcher.Event.EventType.NodeDeleted) {
                        renew(zk);
                    }
                },
                (rc, path, ctx, stat) -> {
                    if (rc == KeeperException.Code.NONODE.intValue()) {
                        renew(zk); // gone between the create and this look
                    } else if (stat != null && stat.getEphemeralOwner() != zk.getSessionId()) {
                        LOG.info("the claim on {} waits for the old control session's lock to expire", root);
                    }
                },
                null);
    }

    /**
     * Deletes everything under the root, the lock included, then the root and its parents as far as
     * this claim created them and they are empty: a parent (or root) that existed before stays.
     */
    void remove(ZooKeeper zk) throws KeeperException, InterruptedException {
        givenUp = true;
        Set<String> live = LiveClaims.below(zk, root).keySet();
        if (!live.isEmpty()) {
            // a fleet or run that started inside this root since: its tree is its own to remove
            LOG.warn("{}: leaving {} and what is under them, held by a live fleet or run", root, live);
            deleteAround(zk, root, live);
            return;
        }
        if (created.contains(root)) {
            ZkTrees.deleteRecursive(zk, root);
        } else {
            for (String child : children(zk, root)) {
                ZkTrees.deleteRecursive(zk, root + "/" + child);
            }
        }
        for (String p : created) {
            if (p.equals(root)) {
                continue;
            }
            try {
                zk.delete(p, -1);
            } catch (KeeperException.NotEmptyException | KeeperException.NoNodeException e) {
                return; // shared with another tree, or gone
            }
        }
    }

    /** Deletes everything under {@code path} but the {@code kept} roots, what is under them, and the way to them. */
    private static void deleteAround(ZooKeeper zk, String path, Set<String> kept)
            throws KeeperException, InterruptedException {
        for (String child : children(zk, path)) {
            String p = path + "/" + child;
            if (kept.contains(p)) {
                continue;
            }
            if (kept.stream().anyMatch(k -> k.startsWith(p + "/"))) {
                deleteAround(zk, p, kept);
            } else {
                ZkTrees.deleteRecursive(zk, p);
            }
        }
    }

    /** Gives the root up and leaves everything else: what is left is a leftover, for the next fleet or clean. */
    void release(ZooKeeper zk) throws KeeperException, InterruptedException {
        givenUp = true;
        try {
            zk.delete(root + "/" + LOCK, -1);
        } catch (KeeperException.NoNodeException gone) {
            // gone with an expired session, not yet taken again
        }
    }

    /** The live holder of {@code root}'s lock, described for a message. */
    private static Optional<String> holder(ZooKeeper zk, String root) throws KeeperException, InterruptedException {
        return RootLock.held(zk, root).map(RootOwner::describe);
    }

    private static DomainStartException held(String root, String holder) {
        return new DomainStartException(
                root + " is held by a live fleet or run (" + holder + "); nothing was"
                        + " touched: give this fleet another root, or end that one first",
                null);
    }

    static List<String> children(ZooKeeper zk, String path) throws KeeperException, InterruptedException {
        try {
            return zk.getChildren(path, false);
        } catch (KeeperException.NoNodeException e) {
            return List.of();
        }
    }
}
