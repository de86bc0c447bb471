package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.ServerDistribution;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.runner.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ramp's smallest end-to-end run on other ZooKeeper releases than the bundled 3.9 (which
 * {@code RampCommandIT} covers): the 2017 report's setup (3.4.14, five servers, its zoo.cfg and JVM
 * flags, at a small heap) and 3.8; each resolved from Maven Central or the local repository, and
 * recorded in run.json. A release that does not exist, or that the chosen JDK cannot run, is one
 * sentence, exit 1.
 */
class ServerVersionsRunIT {

    private static String[] smallest(Path out, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "--domains",
                "1",
                "--step",
                "1",
                "--settle",
                "2s",
                "--sustain",
                "2s",
                "--znode-count",
                "50",
                "--jobs-per-domain",
                "3",
                "--server-heap",
                "256m",
                "--out",
                out.toString()));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    @Test
    void theReportsOwnSetupRampsOnZooKeeper34(@TempDir Path out) throws Exception {
        CliRun run = CliRun.of(smallest(out, "--server-preset", "report-2017"));
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).contains("ZooKeeper 3.4.14", "5 servers");
        JsonNode target =
                ResultJson.compact().readTree(out.resolve("run.json").toFile()).get("target");
        assertThat(target.get("serverVersion").asText()).isEqualTo("3.4.14");
        assertThat(target.get("serverPreset").asText()).isEqualTo("report-2017");
        assertThat(target.at("/serverZooCfg/maxSessionTimeout").asText()).isEqualTo("60000");
        assertThat(target.get("snapCount").asLong()).isEqualTo(3_000_000L);
        assertThat(target.get("serverJvmOpts").asText()).contains("-Djute.maxbuffer=104857600");
        assertThat(target.get("servers")).hasSize(5);
        for (JsonNode s : target.get("servers")) {
            assertThat(s.get("version").asText()).startsWith("3.4.14");
            assertThat(s.get("metrics").asText()).isEqualTo("4lw");
        }
        assertThat(Files.readAllLines(out.resolve("steps.jsonl"))).hasSize(2);
    }

    @Test
    void zooKeeper38Ramps(@TempDir Path out) throws Exception {
        CliRun run = CliRun.of(smallest(out, "--server-version", "3.8.4", "--servers", "1"));
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
        JsonNode target =
                ResultJson.compact().readTree(out.resolve("run.json").toFile()).get("target");
        assertThat(target.get("serverVersion").asText()).isEqualTo("3.8.4");
        assertThat(target.at("/servers/0/version").asText()).startsWith("3.8.4");
        assertThat(Files.readAllLines(out.resolve("steps.jsonl"))).hasSize(2);
    }

    @Test
    void aReleaseThatDoesNotExistIsOneSentence(@TempDir Path dir) {
        Path out = dir.resolve("out");
        CliRun run = CliRun.of("latency", "--server-version", "3.4.99", "--out", out.toString());
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.RUNTIME_FAILURE);
        assertThat(run.err().strip().lines()).hasSize(1);
        assertThat(run.err()).contains("ZooKeeper 3.4.99 cannot be resolved").doesNotContain("\tat ");
        assertThat(out).doesNotExist();
    }

    /**
     * No JDK on this machine is too old for a release (every one from 3.4 runs on 17 and 25 alike), so
     * the servers' JDK here is one whose {@code java} answers as Java 7's does when handed classes built
     * for Java 8: the launcher's class refused, the JVM's own words and stack.
     */
    @Test
    void aJdkThatCannotRunTheReleaseIsOneSentence(@TempDir Path dir) throws Exception {
        Path java = Files.createDirectories(dir.resolve("jdk7/bin")).resolve("java");
        Files.writeString(java, """
                #!/bin/sh
                echo 'Exception in thread "main" java.lang.UnsupportedClassVersionError: \
                dev/zkload/bench/ensemble/launcher/ServerLauncher : Unsupported major.minor version 52.0'
                echo '	at java.lang.ClassLoader.defineClass1(Native Method)'
                echo '	at sun.launcher.LauncherHelper.checkAndLoadMain(LauncherHelper.java:482)'
                exit 1
                """);
        assertThat(java.toFile().setExecutable(true)).isTrue();
        Path out = dir.resolve("out");
        CliRun run =
                CliRun.of("latency", "--server-java-home", dir.resolve("jdk7").toString(), "--out", out.toString());
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.RUNTIME_FAILURE);
        assertThat(run.err().strip().lines()).as(run.err()).hasSize(1);
        assertThat(run.err())
                .contains("cannot run " + ServerDistribution.bundled() + " on the JDK at " + dir.resolve("jdk7"))
                .contains("need Java 8 or later")
                .doesNotContain("\tat ");
        assertThat(out).doesNotExist();
    }

    /**
     * An installed distribution, laid out as ZooKeeper's binary tarball is ({@code lib/} with the server's
     * jar and its dependencies; here 3.8.4's, copied from where the resolver keeps them), forked with
     * {@code --server-home}; a folder that is not one is a sentence, exit 1.
     */
    @Test
    void anInstalledDistributionRunsWithServerHome(@TempDir Path dir) throws Exception {
        Path home = dir.resolve("apache-zookeeper-3.8.4-bin");
        Files.createDirectories(home.resolve("lib"));
        for (Path jar : ServerDistribution.resolve("3.8.4", line -> {}).classpath()) {
            Files.copy(jar, home.resolve("lib").resolve(jar.getFileName()));
        }
        Path out = dir.resolve("out");
        CliRun run =
                CliRun.of("latency", "--server-home", home.toString(), "--znode-count", "50", "--out", out.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCodes.OK);
        JsonNode target =
                ResultJson.compact().readTree(out.resolve("run.json").toFile()).get("target");
        assertThat(target.at("/servers/0/version").asText()).startsWith("3.8.4");
        assertThat(target.toString()).contains(home.toString());

        Path empty = Files.createDirectories(dir.resolve("not-zookeeper"));
        CliRun wrong = CliRun.of(
                "latency",
                "--server-home",
                empty.toString(),
                "--out",
                dir.resolve("out2").toString());
        assertThat(wrong.exitCode()).as(wrong.err()).isEqualTo(ExitCodes.RUNTIME_FAILURE);
        assertThat(wrong.err()).contains("is not a ZooKeeper distribution").doesNotContain("\tat ");
    }
}
