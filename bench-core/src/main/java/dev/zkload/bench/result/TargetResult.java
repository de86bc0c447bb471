package dev.zkload.bench.result;

import java.util.Map;

/**
 * The seven operations measured against one target.
 *
 * @param target             what was measured: a connect string, or one server's host:port
 * @param role               the server's role when known ({@code leader}, {@code follower}, …), else null
 * @param ops                per operation, by its result-file name ({@code create}, …, {@code deleteEphemeral}), in run order
 * @param watchNotifications the notifications triggered by the ephemeral deletes
 */
public record TargetResult(
        String target, String role, Map<String, OpStats> ops, WatchNotifications watchNotifications) {

    /** The same result with its role filled in (roles come from the servers' statistics, not from here). */
    public TargetResult withRole(String role) {
        return new TargetResult(target, role, ops, watchNotifications);
    }
}
