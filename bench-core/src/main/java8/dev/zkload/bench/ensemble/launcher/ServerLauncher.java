package dev.zkload.bench.ensemble.launcher;

import java.io.File;
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
 * blocked reading stdin sees end-of-file and halts this JVM. A parent that stops a server on purpose
 * first writes a byte, so the end-of-file that {@code Process.destroy()} causes is not taken for
 * its death. When the parent owned a temporary
 * data directory ({@value #DELETE_ON_ORPHAN} names it), the server deletes it first, since nobody
 * else is left to: the last server of an ensemble also removes their common parent if it is empty.
 * Compiled for Java 8 (its own compiler
 * execution) so that servers can run on any JDK from 8 to today's, whatever zkload itself needs.
 */
public final class ServerLauncher {
    /** Exit status when the parent went away. */
    static final int ORPHANED = 3;
    /** System property: the server's own directory, deleted when the parent goes away. */
    static final String DELETE_ON_ORPHAN = "zkload.deleteOnOrphan";

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
        ignoreTerminalInterrupt();
        Thread watchdog = new Thread(ServerLauncher::haltWhenParentGone, "zkload-parent-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        if ("quorum".equals(args[0])) {
            QuorumPeerMain.main(new String[] {args[1]});
        } else {
            ZooKeeperServerMain.main(new String[] {args[1]});
        }
    }

    /**
     * A terminal's Ctrl-C goes to the whole foreground process group, which includes the servers
     * the runner forked. If they died of it, the runner could not remove its znodes while it cleans
     * up, and a second Ctrl-C (which stops the runner at once) would leave their data behind. The
     * servers leave on the runner's word (SIGTERM) or when it is gone (end of stdin), never on SIGINT.
     */
    private static void ignoreTerminalInterrupt() {
        // sun.misc.Signal is there on every JDK from 8 to today's, but javac's --release 8 hides it
        try {
            Class<?> signal = Class.forName("sun.misc.Signal");
            Class<?> handler = Class.forName("sun.misc.SignalHandler");
            Object ignore = handler.getField("SIG_IGN").get(null);
            signal.getMethod("handle", signal, handler).invoke(null, signal.getConstructor(String.class).newInstance("INT"),
                    ignore);
        } catch (ReflectiveOperationException | RuntimeException e) {
            System.err.println("zkload: cannot ignore SIGINT, a terminal's Ctrl-C will stop this server: " + e);
        }
    }

    private static void haltWhenParentGone() {
        InputStream in = System.in;
        byte[] buffer = new byte[256];
        try {
            if (in.read(buffer) > 0) {
                // the parent writes only to say it is stopping us itself (Process.destroy closes our stdin
                // as it signals): the server shuts down on the signal and its data stays for a restart
                return;
            }
        } catch (IOException e) {
            // a broken pipe means the same as end-of-file: the parent is gone
        }
        String owned = System.getProperty(DELETE_ON_ORPHAN);
        if (owned != null) {
            File dir = new File(owned);
            // the server goes on writing until the halt: a file it adds meanwhile fails one pass
            for (int pass = 0; pass < 5 && dir.exists(); pass++) {
                deleteTree(dir);
            }
            File parent = dir.getParentFile();
            String[] left = parent == null ? null : parent.list();
            if (left != null && left.length == 0) {
                parent.delete();
            }
        }
        Runtime.getRuntime().halt(ORPHANED);
    }

    private static void deleteTree(File file) {
        File[] children = file.listFiles();
        if (children != null) {
            for (File child : children) {
                deleteTree(child);
            }
        }
        file.delete();
    }
}
