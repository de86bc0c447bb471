package dev.zkload.sim;

/**
 * A fleet could not start, or could not add domains: the message names the first domain (or the
 * connect string) that failed and why.
 */
public final class DomainStartException extends RuntimeException {
    /** Serialization version. */
    private static final long serialVersionUID = 1L;

    DomainStartException(String message, Throwable cause) {
        super(message, cause);
    }
}
