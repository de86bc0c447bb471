package dev.zkload.bench.ensemble.launcher;

import java.io.IOException;
import java.io.InputStream;
import org.apache.zookeeper.server.ZooKeeperServerMain;
import org.apache.zookeeper.server.quorum.QuorumPeerMain;

/**
 * Main class of a forked ZooKeeper server. It runs the real {@code QuorumPeerMain} or
 * {@code ZooKeeperServerMain}, and ends the server when its parent goes away.
 *
 * <p>Why: a parent killed with SIGKILL runs no shutdown hook, so it cannot stop its children. But
 * the kernel closes the parent's end of our stdin pipe whatever way the parent dies, so a thread
 * blocked reading stdin sees end-of-file and halts this JVM. Compiled for Java 8 (its own compiler
 * execution) so that servers can run on any JDK from 8 to today's, whatever zkload itself needs.
 */
public final class ServerLauncher {
    /** Exit status when the parent went away. */
    static final int ORPHANED = 3;

    private ServerLauncher() {
    }

    /**
     * @param args {@code quorum|standalone} and the path of {@code zoo.cfg}
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: ServerLauncher quorum|standalone <zoo.cfg>");
            System.exit(2);
        }
        Thread watchdog = new Thread(ServerLauncher::haltWhenParentGone, "zkload-parent-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        if ("quorum".equals(args[0])) {
            QuorumPeerMain.main(new String[] {args[1]});
        } else {
            ZooKeeperServerMain.main(new String[] {args[1]});
        }
    }

    private static void haltWhenParentGone() {
        InputStream in = System.in;
        byte[] buffer = new byte[256];
        try {
            while (in.read(buffer) >= 0) {
                // the parent never writes; anything read is ignored
            }
        } catch (IOException e) {
            // a broken pipe means the same as end-of-file: the parent is gone
        }
        Runtime.getRuntime().halt(ORPHANED);
    }
}
