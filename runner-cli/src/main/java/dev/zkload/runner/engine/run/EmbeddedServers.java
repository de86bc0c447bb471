package dev.zkload.runner.engine.run;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.ensemble.ServerDistribution;
import dev.zkload.bench.machine.CpuPlacement;
import dev.zkload.bench.machine.ProcessCpu;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The embedded ensemble a run starts when it is given none.
 *
 * @param servers       1, 3 or 5
 * @param heap          each server's heap, e.g. {@code 1g}
 * @param jvmOpts       the servers' extra JVM flags as given, space-separated; null for none
 * @param javaHome      the JDK that runs them; null for the runner's own
 * @param snapCount     ZooKeeper's snapCount; null for its default
 * @param serverVersion the ZooKeeper release to resolve and fork, e.g. {@code 3.4.14}; null for the bundled one
 * @param serverHome    an installed ZooKeeper distribution to fork instead; null for none
 * @param tls           clients must come over TLS, with certificates generated for the run
 * @param sasl          clients must log in with SASL DIGEST-MD5, as a user made for the run
 * @param zooCfg        further zoo.cfg entries (a preset's); empty for none
 * @param preset        the name of the preset these settings come from; null for none
 * @param ownCores      each server on cores of its own and the runner on the rest, where the machine has cores to
 *                      spare ({@code --placement auto}); false to let them all share every core
 */
public record EmbeddedServers(
        int servers,
        String heap,
        String jvmOpts,
        Path javaHome,
        Long snapCount,
        String serverVersion,
        Path serverHome,
        boolean tls,
        boolean sasl,
        Map<String, String> zooCfg,
        String preset,
        boolean ownCores) {

    public EmbeddedServers {
        zooCfg = Map.copyOf(zooCfg);
    }

    public List<String> jvmFlags() {
        return jvmOpts == null || jvmOpts.isBlank()
                ? List.of()
                : List.of(jvmOpts.trim().split("\\s+"));
    }

    /**
     * The ZooKeeper these settings name: an installed one, a release resolved from Maven Central (or the
     * local repository), or the bundled one.
     *
     * @param progress told what is being downloaded, a line at a time
     * @throws IOException naming the release or directory when it cannot be had
     */
    public ServerDistribution distribution(Consumer<String> progress) throws IOException {
        if (serverHome != null) {
            return ServerDistribution.home(serverHome);
        }
        return serverVersion != null
                ? ServerDistribution.resolve(serverVersion, progress)
                : ServerDistribution.bundled();
    }

    /**
     * Where the servers and this runner run: each server on cores of its own and the runner on the rest, where the
     * CPUs this runner may use are enough ({@link CpuPlacement}); empty when they share them.
     */
    public Optional<CpuPlacement> placement() {
        if (!ownCores || LocalEnsemble.TASKSET.isEmpty()) {
            return Optional.empty();
        }
        return ProcessCpu.read(ProcessHandle.current().pid())
                .flatMap(self -> CpuPlacement.of(self.allowedCpus(), servers));
    }

    /** A builder of the ensemble these settings describe, running {@code distribution}, its SASL user made. */
    public LocalEnsemble.Builder builder(ServerDistribution distribution, Optional<CpuPlacement> placement) {
        LocalEnsemble.Builder builder = LocalEnsemble.builder()
                .servers(servers)
                .jvmFlags(jvmFlags())
                .heap(heap)
                .distribution(distribution)
                .tls(tls);
        if (javaHome != null) {
            builder.javaHome(javaHome);
        }
        if (sasl) {
            // a user and password made for this ensemble; the client's JAAS file lives in its temp dir
            byte[] secret = new byte[18];
            new SecureRandom().nextBytes(secret);
            builder.saslDigest("zkload", HexFormat.of().formatHex(secret));
        }
        placement.ifPresent(p -> builder.serverCpus(p.servers()));
        zooCfg.forEach(builder::zooCfg);
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
        target.put("serverPreset", preset);
        target.put("serverZooCfg", zooCfg.isEmpty() ? null : new java.util.TreeMap<>(zooCfg));
    }
}
