package dev.zkload.sim;

/** Domains could not be added; the message names the first domain that failed and why. */
public final class DomainStartException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DomainStartException(String message, Throwable cause) {
        super(message, cause);
    }
}
