package dev.zkload.bench.ensemble;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What every server of one ensemble shares: the JVM to run, its flags, zoo.cfg overrides, the
 * ZooKeeper release, and whether clients must come over TLS or authenticate with SASL.
 *
 * @param classpath    the forking JVM's classpath, which runs the bundled server
 * @param distribution the ZooKeeper the servers run
 * @param tls          clients connect over TLS only, with certificates generated for the ensemble
 * @param sasl         clients must log in with SASL DIGEST-MD5 as this user; null for no SASL
 * @param cpus         each server's CPUs, in server order, as {@code taskset -c} sets them; empty to let every
 *                     server run on every CPU
 */
record ServerSettings(
        Path java,
        List<String> jvmFlags,
        String heap,
        Map<String, String> zooCfg,
        String classpath,
        Duration startTimeout,
        ServerDistribution distribution,
        boolean tls,
        SaslDigest sasl,
        List<Set<Integer>> cpus) {}
