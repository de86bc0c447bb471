package dev.zkload.zk.claim;

import dev.zkload.zk.ZkTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one claim zkload puts on a root, whoever holds it: an executor-sim fleet (label {@code executor-sim fleet})
 * or a run of zkload's runner (label {@code ramp <run id>}). An ephemeral {@value RootLock#NAME} directly under
 * the root, held by the holder's session, names the holder ({@link RootLock}); a root held by a live session, or
 * that holds a live claim below it, is refused; a root that holds znodes but no live lock is a leftover, refused
 * unless taken over. The claim remembers what it created (the root, the missing parents), so that
 * {@link #remove} deletes only that and everything under the root, and never another live claim under it.
 *
 * <p>Through an outage the claim behaves the same for every holder: when the holder's session expires (its lock
 * goes with it), {@link #renew} on the holder's new session takes it again, waiting for the old session's lock
 * to go where the servers still hold it, and tells {@link #whenRootGone} when the root itself is gone (a server
 * that came back without its data), for the holder to {@link #restore} it.
 */
public final class RootClaim {
    private static final Logger LOG = LoggerFactory.getLogger(RootClaim.class);

    /** What {@link #take} does with a root that holds znodes while no live fleet or run holds it. */
    public enum Leftover {
        /** Refuses it ({@link RootRefusedException.Reason#LEFTOVER} or {@code NOT_ZKLOADS}). */
        REFUSE,
        /** Empties it once the lock is taken, if zkload made it (under {@code /zkload}, or marked); refuses another's. */
        TAKE_OVER,
        /** Empties it once the lock is taken, whoever made it: what a run's {@code --force} asks for. */
        CLEAR
    }

    private final String root;
    private final List<ACL> acl;
    private final byte[] lock;
    private final String label;
    /** The root (if this claim created it or took it over) and the parents it created, nearest first. */
    private final List<String> created;
    /** Set once the holder removes or releases its root: a lock deleted then is not taken again. */
    private volatile boolean givenUp;
    /** Told when the root is gone as the claim is taken again (the servers lost their data). */
    private volatile Runnable whenRootGone = () -> {};
    /** Told each time the claim was taken again on a new session. */
    private volatile Runnable whenRenewed = () -> {};

    private RootClaim(String root, String label, List<ACL> acl, byte[] lock, List<String> created) {
        this.root = root;
        this.label = label;
        this.acl = acl;
        this.lock = lock;
        this.created = created;
    }

    /**
     * Claims {@code root}: refuses a held root, a root with a live claim below it and, unless {@code leftover}
     * says otherwise, a leftover; creates the root (its data the marker and {@code label}) and its missing
     * parents (marked), then the lock.
     *
     * @param zk the holder's session: the lock is its ephemeral
     * @param root the root, checked with {@link ZkTrees#checkRoot}
     * @param label what the root is for, after the marker in its data ({@code "ramp 20261128-1"})
     * @param lock the lock's data, {@link RootLock#data}
     * @param acl the ACL of the root and its lock (the parents are world-open: others share them)
     * @param leftover what to do with a leftover
     * @return the claim, held
     * @throws RootRefusedException naming why, with the holder or the leftover's size; nothing was touched
     * @throws KeeperException when the ensemble refuses (e.g. {@code NoAuth})
     * @throws InterruptedException when interrupted
     */
    public static RootClaim take(ZooKeeper zk, String root, String label, byte[] lock, List<ACL> acl, Leftover leftover)
            throws KeeperException, InterruptedException {
        ZkTrees.checkRoot(root);
        Objects.requireNonNull(leftover, "leftover");
        Stat stat = zk.exists(root, false);
        boolean emptyIt = false;
        boolean ours = false;
        if (stat != null) {
            RootLock holder = RootLock.held(zk, root).orElse(null);
            if (holder != null) {
                throw RootRefusedException.held(root, holder);
            }
            Map<String, RootLock> below = stat.getNumChildren() > 0 ? LiveClaims.below(zk, root) : Map.of();
            if (!below.isEmpty()) {
                throw RootRefusedException.heldBelow(root, below);
            }
            boolean marked = RootLock.marked(zk.getData(root, false, null));
            boolean zkloads = marked || LeftoverRoot.underZkload(root);
            if (stat.getNumChildren() > 0) {
                if (leftover == Leftover.REFUSE || (leftover == Leftover.TAKE_OVER && !zkloads)) {
                    throw RootRefusedException.leftover(root, LeftoverRoot.count(zk, root), zkloads);
                }
                emptyIt = true;
                ours = zkloads; // a leftover of zkload's taken over goes with this claim; another's root stays
            } else {
                ours = marked; // an empty root zkload made, left by a holder that is gone, goes with this claim
            }
        }
        List<String> created = new ArrayList<>(RootLock.createMarked(zk, root, label, acl));
        if (ours && !created.contains(root)) {
            created.add(0, root);
        }
        try {
            zk.create(root + "/" + RootLock.NAME, lock, acl, CreateMode.EPHEMERAL);
        } catch (KeeperException.NodeExistsException lost) {
            // another fleet or run claimed it between our look and our lock
            RootLock holder = RootLock.held(zk, root).orElse(null);
            if (holder != null) {
                throw RootRefusedException.held(root, holder);
            }
            throw lost;
        }
        if (emptyIt) {
            // only once the lock is ours: two claimants taking the same leftover over never clear each other's
            LeftoverRoot.clearAllBut(zk, root, RootLock.NAME);
        }
        return new RootClaim(root, label, acl, lock, created);
    }

    /** {@return the root claimed} */
    public String root() {
        return root;
    }

    /**
     * Takes the lock again on the holder's new session, after the old one expired with the lock (a partition
     * or an outage longer than the session timeout). Asynchronous: it may be called on the session's event
     * thread. Where the servers still hold the old session's lock, it waits for that lock to go and takes it
     * then; where the root is gone, it tells {@link #whenRootGone}.
     *
     * @param zk the holder's new session
     */
    public void renew(ZooKeeper zk) {
        if (givenUp) {
            return;
        }
        zk.create(
                root + "/" + RootLock.NAME,
                lock,
                acl,
                CreateMode.EPHEMERAL,
                (rc, path, ctx, name) -> {
                    if (rc == KeeperException.Code.OK.intValue()) {
                        LOG.info("the claim on {} was lost with its session; taken again", root);
                        whenRenewed.run();
                    } else if (rc == KeeperException.Code.NODEEXISTS.intValue()) {
                        renewWhenGone(zk);
                    } else if (rc == KeeperException.Code.NONODE.intValue() && !givenUp) {
                        whenRootGone.run();
                    } else if (!givenUp) {
                        LOG.warn(
                                "the claim on {} was lost with its session and not taken again: {}",
                                root,
                                KeeperException.Code.get(rc));
                    }
                },
                null);
    }

    /**
     * What to do when {@link #renew} finds the root gone: the servers lost their data, and the holder writes
     * its root again ({@link #restore}). Called on the session's event thread: it must not block.
     *
     * @param action the holder's reaction
     */
    public void whenRootGone(Runnable action) {
        this.whenRootGone = Objects.requireNonNull(action, "action");
    }

    /**
     * What to do each time {@link #renew} took the lock again. Called on the session's event thread.
     *
     * @param action e.g. counting it
     */
    public void whenRenewed(Runnable action) {
        this.whenRenewed = Objects.requireNonNull(action, "action");
    }

    /**
     * Writes the root, its missing parents and the lock again, after the servers lost them all (a server
     * that came back without its data). What the claim created stays its to remove; a parent it did not
     * create stays.
     *
     * @param zk the holder's session
     * @throws KeeperException when the ensemble refuses
     * @throws InterruptedException when interrupted
     */
    public void restore(ZooKeeper zk) throws KeeperException, InterruptedException {
        RootLock.createMarked(zk, root, label, acl);
        try {
            zk.create(root + "/" + RootLock.NAME, lock, acl, CreateMode.EPHEMERAL);
        } catch (KeeperException.NodeExistsException ours) {
            // taken again meanwhile
        }
    }

    /**
     * The lock is still there: the client gave the old session up before the servers expired it, and
     * its lock goes when they do. Takes it again then, so that the root is never left unclaimed while
     * the holder lives; a lock of this very session is the claim already.
     */
    private void renewWhenGone(ZooKeeper zk) {
        zk.exists(
                root + "/" + RootLock.NAME,
                event -> {
                    if (!givenUp && event.getType() == Watcher.Event.EventType.NodeDeleted) {
                        renew(zk);
                    }
                },
                (rc, path, ctx, stat) -> {
                    if (rc == KeeperException.Code.NONODE.intValue()) {
                        renew(zk); // gone between the create and this look
                    } else if (stat != null && stat.getEphemeralOwner() != zk.getSessionId()) {
                        LOG.info("the claim on {} waits for the old session's lock to expire", root);
                    }
                },
                null);
    }

    /**
     * Deletes everything under the root, the lock included, then the root as far as this claim created it, and
     * the empty parents zkload made ({@link RootLock#pruneMarkedParents}): a parent (or root) someone else made
     * stays. Another live claim under the root is left whole, with the way to it (logged at WARN).
     *
     * @param zk the holder's session
     * @throws KeeperException when the ensemble refuses
     * @throws InterruptedException when interrupted
     */
    public void remove(ZooKeeper zk) throws KeeperException, InterruptedException {
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
        pruneCreatedParents(zk);
    }

    /**
     * Gives the root up and leaves everything else: what is left is a leftover, for the next claimant or
     * zkload's {@code clean}.
     *
     * @param zk the holder's session
     * @throws KeeperException when the ensemble refuses
     * @throws InterruptedException when interrupted
     */
    public void release(ZooKeeper zk) throws KeeperException, InterruptedException {
        givenUp = true;
        try {
            zk.delete(root + "/" + RootLock.NAME, -1);
        } catch (KeeperException.NoNodeException gone) {
            // gone with an expired session, not yet taken again
        }
    }

    /**
     * Deletes the root if this claim created it and it is empty, then the empty parents zkload made: what a run
     * leaves once its own cleanup emptied its root, after {@link #release}.
     *
     * @param zk a session
     * @throws KeeperException when the ensemble refuses
     * @throws InterruptedException when interrupted
     */
    public void removeIfEmpty(ZooKeeper zk) throws KeeperException, InterruptedException {
        givenUp = true;
        if (created.contains(root)) {
            try {
                zk.delete(root, -1);
            } catch (KeeperException.NotEmptyException kept) {
                return; // what is under it is someone's: the way to it stays
            } catch (KeeperException.NoNodeException gone) {
                // removed whole already
            }
        }
        pruneCreatedParents(zk);
    }

    /** The parents this claim created, then any other empty one zkload made, as far as they are empty. */
    private void pruneCreatedParents(ZooKeeper zk) throws KeeperException, InterruptedException {
        for (String p : created) {
            if (p.equals(root)) {
                continue;
            }
            try {
                zk.delete(p, -1);
            } catch (KeeperException.NotEmptyException e) {
                return; // shared with another tree
            } catch (KeeperException.NoNodeException e) {
                // gone with another claim's removal
            }
        }
        RootLock.pruneMarkedParents(zk, root);
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

    /** The children of {@code path}; none when it is gone. */
    static List<String> children(ZooKeeper zk, String path) throws KeeperException, InterruptedException {
        try {
            return zk.getChildren(path, false);
        } catch (KeeperException.NoNodeException e) {
            return List.of();
        }
    }
}
