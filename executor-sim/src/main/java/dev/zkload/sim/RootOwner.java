package dev.zkload.sim;

import dev.zkload.zk.claim.RootLock;
import java.time.Instant;

/** What a fleet writes into its claim's lock: this process, and when its claim goes once it dies. */
final class RootOwner {
    /** The command a fleet's lock names, and the label of the root it creates. */
    static final String COMMAND = "executor-sim fleet";

    private RootOwner() {}

    /** The data of the lock a fleet on {@code root} takes. */
    static byte[] of(String root) {
        return RootLock.data(
                COMMAND,
                root,
                ProcessHandle.current().pid(),
                RootLock.localHost(),
                Instant.now(),
                Session.SESSION_TIMEOUT_MS);
    }
}
