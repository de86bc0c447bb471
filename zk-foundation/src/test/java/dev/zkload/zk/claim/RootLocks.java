package dev.zkload.zk.claim;

import java.nio.charset.StandardCharsets;

/** Locks read from data alone, for tests of what is said about their holders. */
public final class RootLocks {
    private RootLocks() {}

    /** The lock under {@code /r} whose data is {@code json}, held by {@code sessionId}. */
    public static RootLock read(String json, long sessionId) {
        return RootLock.read("/r/" + RootLock.NAME, json.getBytes(StandardCharsets.UTF_8), sessionId);
    }
}
