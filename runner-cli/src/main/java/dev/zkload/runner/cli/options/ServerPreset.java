package dev.zkload.runner.cli.options;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A documented embedded-server setup that one option repeats. {@code report-2017} is the setup of
 * the 2017 Saturn capacity report (docs/versions.md): ZooKeeper 3.4 (its 3.4.6 there; 3.4.14, the
 * line's last release, here), five servers, its zoo.cfg values, snapCount 3,000,000 (the value it
 * settled on), and those of its JVM flags the JDK at hand still has: CMS and the
 * {@code -XX:+PrintGC*} flags are gone from JDK 17, so the servers run G1, and the heap is 6 GB as
 * there (five of them need 30 GB: give {@code --server-heap} on a smaller machine).
 * {@code maxClientCnxns} stays 0: the report's 1000 was per client machine, and every simulated
 * session here comes from one address.
 *
 * @param servers   the ensemble's size
 * @param version   the ZooKeeper release
 * @param heap      each server's heap
 * @param jvmOpts   the servers' JVM flags
 * @param snapCount ZooKeeper's snapCount
 * @param zooCfg    further zoo.cfg entries
 */
record ServerPreset(
        int servers, String version, String heap, String jvmOpts, Long snapCount, Map<String, String> zooCfg) {
    static final String REPORT_2017 = "report-2017";

    static ServerPreset named(String name) {
        if (!REPORT_2017.equals(name)) {
            throw new IllegalArgumentException("the presets are: " + REPORT_2017 + "; got '" + name + "'");
        }
        Map<String, String> cfg = new LinkedHashMap<>();
        cfg.put("tickTime", "2000");
        cfg.put("initLimit", "10");
        cfg.put("syncLimit", "5");
        cfg.put("minSessionTimeout", "4000");
        cfg.put("maxSessionTimeout", "60000");
        cfg.put("autopurge.snapRetainCount", "10");
        return new ServerPreset(
                5,
                "3.4.14",
                "6g",
                "-Djute.maxbuffer=104857600 -Xmn1500m -XX:+ExplicitGCInvokesConcurrent"
                        + " -XX:+HeapDumpOnOutOfMemoryError",
                3_000_000L,
                Map.copyOf(cfg));
    }
}
