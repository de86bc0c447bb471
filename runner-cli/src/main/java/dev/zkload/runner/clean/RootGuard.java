package dev.zkload.runner.clean;

import java.nio.charset.StandardCharsets;

/** What {@code clean} may delete. */
final class RootGuard {
    /** Every root zkload creates lives under this, and carries data starting with {@link #MARKER}. */
    static final String ZKLOAD_PARENT = "/zkload";
    static final String MARKER = "zkload";

    private RootGuard() {
    }

    /** @throws IllegalArgumentException for a path that is malformed, {@code /}, or ZooKeeper's own tree */
    static void check(String root) {
        if (root == null || !root.startsWith("/") || (root.length() > 1 && root.endsWith("/")) || root.contains("//")) {
            throw new IllegalArgumentException("--root must be an absolute znode path like /zkload/run-1, got '" + root + "'");
        }
        if (root.equals("/")) {
            throw new IllegalArgumentException("--root / is refused: zkload never deletes the whole tree");
        }
        if (root.equals("/zookeeper") || root.startsWith("/zookeeper/")) {
            throw new IllegalArgumentException("--root " + root + " is refused: /zookeeper is ZooKeeper's own");
        }
    }

    static boolean isZkloadRoot(String root, byte[] data) {
        if (root.equals(ZKLOAD_PARENT) || root.startsWith(ZKLOAD_PARENT + "/")) {
            return true;
        }
        return data != null && new String(data, StandardCharsets.UTF_8).startsWith(MARKER);
    }
}
