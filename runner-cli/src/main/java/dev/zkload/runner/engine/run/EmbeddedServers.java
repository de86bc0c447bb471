package dev.zkload.runner.engine.run;

import dev.zkload.bench.ensemble.LocalEnsemble;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The embedded ensemble a run starts when it is given none.
 *
 * @param servers   1, 3 or 5
 * @param heap      each server's heap, e.g. {@code 1g}
 * @param jvmOpts   the servers' extra JVM flags as given, space-separated; null for none
 * @param javaHome  the JDK that runs them; null for the runner's own
 * @param snapCount ZooKeeper's snapCount; null for its default
 */
public record EmbeddedServers(int servers, String heap, String jvmOpts, Path javaHome, Long snapCount) {

    public List<String> jvmFlags() {
        return jvmOpts == null || jvmOpts.isBlank()
                ? List.of()
                : List.of(jvmOpts.trim().split("\\s+"));
    }

    /** A builder of the ensemble these settings describe. */
    public LocalEnsemble.Builder builder() {
        LocalEnsemble.Builder builder =
                LocalEnsemble.builder().servers(servers).jvmFlags(jvmFlags()).heap(heap);
        if (javaHome != null) {
            builder.javaHome(javaHome);
        }
        if (snapCount != null) {
            builder.zooCfg("snapCount", Long.toString(snapCount));
        }
        return builder;
    }

    /** The settings as run.json's target carries them. */
    void describe(Map<String, Object> target) {
        target.put("snapCount", snapCount);
        target.put("serverJvmOpts", jvmOpts);
        target.put("serverJavaHome", javaHome == null ? System.getProperty("java.home") : javaHome.toString());
        target.put("serverHeap", heap);
    }
}
