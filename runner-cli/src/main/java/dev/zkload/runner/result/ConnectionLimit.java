package dev.zkload.runner.result;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A server's {@code maxClientCnxns}, the most connections it takes from one client address: a number
 * ({@code 0}: no limit), or unknown when its configuration could not be read. run.json carries the
 * number, or the string {@code "unknown"}.
 *
 * @param max the limit; negative when unknown
 */
public record ConnectionLimit(long max) {
    public static final ConnectionLimit UNKNOWN = new ConnectionLimit(-1);

    /** The limit a server's configuration gave; a negative one is unknown. */
    public static ConnectionLimit of(long max) {
        return max < 0 ? UNKNOWN : new ConnectionLimit(max);
    }

    public boolean known() {
        return max >= 0;
    }

    /** As run.json has it: the number, or {@code "unknown"}. */
    @JsonValue
    public Object json() {
        return known() ? (Object) max : "unknown";
    }

    /** As a sentence names it: {@code maxClientCnxns=60}, or {@code maxClientCnxns unknown}. */
    @Override
    public String toString() {
        return known() ? "maxClientCnxns=" + max : "maxClientCnxns unknown";
    }
}
