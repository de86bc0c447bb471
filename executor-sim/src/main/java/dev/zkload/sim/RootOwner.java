package dev.zkload.sim;

import dev.zkload.sim.zk.RootLock;
import java.time.Instant;

/**
 * Who holds a root, for a fleet's messages: its lock's holder as {@link RootLock} reads it, a run's
 * as well as a fleet's.
 */
final class RootOwner {
    static final String COMMAND = "executor-sim fleet";

    private RootOwner() {}

    /** The data of the lock a fleet on {@code root} takes: this process, and when its claim goes once it dies. */
    static byte[] of(String root) {
        return RootLock.data(
                COMMAND,
                root,
                ProcessHandle.current().pid(),
                RootLock.localHost(),
                Instant.now(),
                Session.SESSION_TIMEOUT_MS);
    }

    /**
     * The holder for a message: {@code executor-sim fleet /zkload/sim-1, pid 4242 on build-7, started
     * 2026-…Z, session 0x…}, and whether its process is known to be gone.
     */
    static String describe(RootLock lock) {
        String described = lock.describe();
        if (lock.field("command").isEmpty() || !gone(field(lock, "pid"), field(lock, "host"))) {
            return described;
        }
        return described + "; its process is gone, and the servers end its session within its timeout"
                + lock.field("sessionTimeoutMs")
                        .map(t -> " (" + Long.parseLong(t) / 1000 + " s after the process died at the latest; the"
                                + " claim goes with the session: try again then)")
                        .orElse("");
    }

    private static boolean gone(String pid, String host) {
        try {
            return RootLock.goneFromThisHost(Long.parseLong(pid), host);
        } catch (NumberFormatException noPid) {
            return false;
        }
    }

    private static String field(RootLock lock, String name) {
        return lock.field(name).orElse("null");
    }
}
