package dev.zkload.sim;

import java.util.Objects;

/**
 * A fleet could not start, or could not add domains. The message is one sentence naming what failed (the
 * connect string, the root and its holder, the first domain) and the ways out; {@link #reason()} says the same
 * for code that reacts to it. A caller's test builds one with the public constructors, as its own fake fleet
 * would throw it.
 *
 * <pre>{@code
 * try {
 *     fleet.start();
 * } catch (DomainStartException e) {
 *     if (e.reason() == DomainStartException.Reason.ROOT_HELD) { ... another root ... }
 *     throw e;
 * }
 * }</pre>
 */
public class DomainStartException extends RuntimeException {
    /** Serialization version. */
    private static final long serialVersionUID = 2L;

    /**
     * Why a fleet did not start or add. New reasons may come in a minor version: a {@code switch} over them
     * needs a {@code default}.
     */
    public enum Reason {
        /** {@link DomainFleet#start()}: the ensemble gave no session within the connect timeout. */
        UNREACHABLE,
        /** {@link DomainFleet#start()}: another live fleet or run holds the root. */
        ROOT_HELD,
        /** {@link DomainFleet#start()}: another live fleet or run holds a root below this one. */
        ROOT_ABOVE_LIVE_CLAIM,
        /** {@link DomainFleet#start()}: the root holds znodes a fleet or run that is gone left (a leftover). */
        LEFTOVER_ROOT,
        /** {@link DomainFleet#start()}: the root holds znodes no fleet or run made (another application's tree). */
        FOREIGN_ROOT,
        /** {@link DomainFleet#start()}: the connect string's chroot does not exist. */
        CHROOT_MISSING,
        /** {@link DomainFleet#start()}: the ensemble refused to create the root or its claim (an ACL, a quota). */
        ROOT_NOT_CREATED,
        /** {@link DomainFleet#start()}: the meter registry already holds this fleet's meters (another fleet's). */
        METERS_TAKEN,
        /** {@link DomainFleet#addDomains}: the servers' {@code maxClientCnxns} cannot take the sessions. */
        CONNECTION_LIMIT,
        /** {@link DomainFleet#addDomains}: a server refused the sessions' connections; the domains were withdrawn. */
        CONNECTIONS_REFUSED,
        /** {@link DomainFleet#addDomains}: the trees or the sessions did not finish within the add timeout. */
        ADD_TIMED_OUT,
        /** {@link DomainFleet#addDomains}: writing a domain's tree or registering it failed. */
        ADD_FAILED
    }

    /** Why the fleet did not start or add. */
    private final Reason reason;

    /**
     * A failure with this reason and sentence.
     *
     * @param reason why
     * @param message the sentence, naming what failed and the ways out
     */
    public DomainStartException(Reason reason, String message) {
        this(reason, message, null);
    }

    /**
     * A failure with this reason, sentence and cause.
     *
     * @param reason why
     * @param message the sentence, naming what failed and the ways out
     * @param cause what it failed on, or null
     */
    public DomainStartException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    /**
     * Why the fleet did not start or add.
     *
     * @return the reason
     */
    public Reason reason() {
        return reason;
    }
}
