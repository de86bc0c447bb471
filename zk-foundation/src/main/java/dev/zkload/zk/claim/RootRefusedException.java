package dev.zkload.zk.claim;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A root that a claim may not take, and why, in data each claimant words its own way: a fleet names its
 * builder's options, a run its command line's.
 */
public final class RootRefusedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Why a root was refused. */
    public enum Reason {
        /** A live session holds the root's lock: {@link #holder()}. */
        HELD,
        /** A live session holds a lock below the root: {@link #below()}. */
        HOLDS_LIVE_CLAIM_BELOW,
        /** The root holds znodes but nobody holds it, and zkload made it: {@link #znodes()}. */
        LEFTOVER,
        /** The root holds znodes, nobody holds it, and zkload did not make it (another application's tree). */
        NOT_ZKLOADS
    }

    /** Why the root was refused. */
    private final Reason reason;
    /** The root refused. */
    private final String root;

    private final transient RootLock holder;
    private final transient Map<String, RootLock> below;
    /** The znodes under a leftover, counted up to 10,000. */
    private final long znodes;

    private RootRefusedException(
            Reason reason, String root, RootLock holder, Map<String, RootLock> below, long znodes, String message) {
        super(message);
        this.reason = reason;
        this.root = root;
        this.holder = holder;
        this.below = below;
        this.znodes = znodes;
    }

    static RootRefusedException held(String root, RootLock holder) {
        return new RootRefusedException(
                Reason.HELD,
                root,
                Objects.requireNonNull(holder),
                Map.of(),
                0,
                root + " is held by a live fleet or run (" + holder.describeHolder() + ")");
    }

    static RootRefusedException heldBelow(String root, Map<String, RootLock> below) {
        Map.Entry<String, RootLock> first = below.entrySet().iterator().next();
        return new RootRefusedException(
                Reason.HOLDS_LIVE_CLAIM_BELOW,
                root,
                null,
                Map.copyOf(below),
                0,
                root + " holds another live fleet or run below it (" + first.getKey() + ": "
                        + first.getValue().describeHolder()
                        + (below.size() > 1 ? "; and " + (below.size() - 1) + " more" : "") + ")");
    }

    static RootRefusedException leftover(String root, long znodes, boolean zkloads) {
        return new RootRefusedException(
                zkloads ? Reason.LEFTOVER : Reason.NOT_ZKLOADS,
                root,
                null,
                Map.of(),
                znodes,
                size(root, znodes) + (zkloads ? " but no live fleet or run holds it" : " and no fleet or run made it"));
    }

    /** {@code /r holds 12 znodes}, or {@code more than 10000}. */
    static String size(String root, long znodes) {
        return root + " holds " + (znodes >= LeftoverRoot.COUNTED ? "more than " + LeftoverRoot.COUNTED : znodes)
                + " znode" + (znodes == 1 ? "" : "s");
    }

    /** {@return why the root was refused} */
    public Reason reason() {
        return reason;
    }

    /** {@return the root refused} */
    public String root() {
        return root;
    }

    /** {@return the live holder of the root's lock ({@link Reason#HELD})} */
    public Optional<RootLock> holder() {
        return Optional.ofNullable(holder);
    }

    /** {@return the live locks below the root, by the root each holds ({@link Reason#HOLDS_LIVE_CLAIM_BELOW})} */
    public Map<String, RootLock> below() {
        return below == null ? Map.of() : below;
    }

    /** {@return the znodes under a leftover root, counted up to 10,000 ({@link Reason#LEFTOVER}, {@link Reason#NOT_ZKLOADS})} */
    public long znodes() {
        return znodes;
    }

    /** {@return the size of a leftover as a sentence's subject: {@code /r holds 12 znodes}} */
    public String size() {
        return size(root, znodes);
    }
}
