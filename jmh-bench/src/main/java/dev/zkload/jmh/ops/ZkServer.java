package dev.zkload.jmh.ops;

import dev.zkload.bench.client.Connections;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.ensemble.ServerDistribution;
import dev.zkload.jmh.profile.Profiles;
import dev.zkload.jmh.profile.ServerProfile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZKUtil;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The server under test, one per trial: a real ZooKeeper forked by {@link LocalEnsemble} under the
 * {@code profile} parameter's JDK, flags, heap, zoo.cfg and ZooKeeper release, and a plain client
 * connected to it.
 *
 * <p>A profile whose JDK is not installed fails its trial at once with a sentence naming the JDKs
 * that are installed; a flag its JDK rejects fails the trial with the JVM's own message. JMH
 * reports the failure and goes on with the next profile: one bad profile never ends the run.
 */
@State(Scope.Benchmark)
public class ZkServer {
    static final String ROOT = "/zkload/jmh";

    /** Names of profiles (presets.properties, or -Dzkload.profiles=FILE). */
    @Param({"jdk17"})
    public String profile;

    LocalEnsemble ensemble;
    ZooKeeper zk;

    @Setup
    public void start() throws Exception {
        ServerProfile p = Profiles.named(profile);
        Path home = Profiles.javaHome(p).orElseThrow(() -> new IllegalStateException(Profiles.notInstalled(p)));
        LocalEnsemble.Builder b = LocalEnsemble.builder()
                .servers(1)
                .javaHome(home)
                .jvmFlags(p.flags())
                .heap(p.heap());
        p.zooCfg().forEach(b::zooCfg);
        if (p.zookeeper() != null) {
            b.distribution(ServerDistribution.resolve(p.zookeeper(), System.out::println));
        }
        ensemble = b.build();
        try {
            ensemble.start();
        } catch (IOException e) {
            throw new IllegalStateException("profile " + profile + " failed: " + e.getMessage(), e);
        }
        zk = Connections.open(ensemble.connectString(), Duration.ofSeconds(30), Duration.ofSeconds(30), null);
        for (String path : new String[] {"/zkload", ROOT}) {
            try {
                zk.create(
                        path,
                        "zkload jmh".getBytes(StandardCharsets.UTF_8),
                        Ids.OPEN_ACL_UNSAFE,
                        CreateMode.PERSISTENT);
            } catch (KeeperException.NodeExistsException ignored) {
                // left by nobody: the server is new; kept for a user's --connect variant
            }
        }
    }

    @TearDown
    public void stop() throws Exception {
        if (zk != null) {
            ZKUtil.deleteRecursive(zk, "/zkload", 1000);
            zk.close();
        }
        if (ensemble != null) {
            ensemble.close();
        }
    }
}
