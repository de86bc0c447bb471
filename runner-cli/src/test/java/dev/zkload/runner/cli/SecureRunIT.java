package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.client.Connections;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.Main;
import dev.zkload.zk.ZkClientSecurity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.security.auth.login.Configuration;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands against secured real ensembles on loopback: TLS only (latency on an embedded TLS
 * ensemble, simulate with a ZooKeeper client properties file), SASL DIGEST-MD5 enforced (a wrong
 * password is one sentence, exit 1, nothing written), and a digest creator-only root that other
 * clients cannot read and that clean removes with the run's credentials only; no secret in any
 * result file or in the runner's log.
 */
class SecureRunIT {
    private static final Duration SESSION = Duration.ofSeconds(30);

    @AfterEach
    void forgetJaas() {
        System.clearProperty("java.security.auth.login.config");
        Configuration.setConfiguration(null);
    }

    @Test
    void latencyAndSimulateRunOverTls(@TempDir Path dir) throws Exception {
        CliRun latency = CliRun.of(
                "latency",
                "--embedded-tls",
                "--server-heap",
                "256m",
                "--znode-count",
                "20",
                "--out",
                dir.resolve("latency").toString());
        assertThat(latency.exitCode()).as(latency.err()).isEqualTo(ExitCodes.OK);
        assertThat(latency.out()).contains("createEphemeral", "watch notifications: 20 of 20");
        JsonNode run = json(dir.resolve("latency/run.json"));
        assertThat(run.at("/target/security/tls").asBoolean()).isTrue();
        assertThat(run.at("/target/servers/0/metrics").asText()).isNotEqualTo("none");

        try (LocalEnsemble zk = LocalEnsemble.builder()
                .servers(1)
                .heap("256m")
                .tls(true)
                .baseDir(dir.resolve("ensemble"))
                .build()) {
            zk.start();
            Map<String, String> props = zk.clientProperties();
            Path config = dir.resolve("zk-client.properties");
            Files.write(
                    config,
                    props.entrySet().stream()
                            .map(e -> e.getKey() + "=" + e.getValue())
                            .toList());
            CliRun simulate = CliRun.of(
                    "simulate",
                    "--connect",
                    zk.connectString(),
                    "--zk-client-config",
                    config.toString(),
                    "--domains",
                    "1",
                    "--jobs-per-domain",
                    "3",
                    "--duration",
                    "5s",
                    "--out",
                    dir.resolve("simulate").toString());
            assertThat(simulate.exitCode()).as(simulate.err()).isEqualTo(ExitCodes.OK);
            assertThat(simulate.out()).containsPattern("sessions\\s+5\\.0\\s+5\\.0");
            List<String> passwords = props.entrySet().stream()
                    .filter(e -> e.getKey().endsWith(".password"))
                    .map(Map.Entry::getValue)
                    .toList();
            assertThat(passwords).isNotEmpty();
            assertNoSecret(dir.resolve("simulate"), simulate.out() + simulate.err(), passwords);
        }
    }

    @Test
    void aWrongSaslPasswordIsOneSentenceAndWritesNothing(@TempDir Path dir) throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder()
                .servers(1)
                .heap("256m")
                .saslDigest("alice", "Right-Pa55word")
                .baseDir(dir.resolve("ensemble"))
                .build()) {
            zk.start();
            Path wrong = Files.writeString(dir.resolve("wrong.jaas"), """
                    Client {
                      org.apache.zookeeper.server.auth.DigestLoginModule required
                      username="alice"
                      password="Wrong-Pa55word";
                    };
                    """);
            Path out = dir.resolve("refused");
            CliRun refused = CliRun.of(
                    "latency", "--connect", zk.connectString(), "--jaas", wrong.toString(), "--out", out.toString());
            assertThat(refused.exitCode()).as(refused.err()).isEqualTo(ExitCodes.RUNTIME_FAILURE);
            assertThat(refused.err().strip().lines()).hasSize(1);
            assertThat(refused.err())
                    .contains("refused this client's SASL credentials")
                    .doesNotContain("Wrong-Pa55word")
                    .doesNotContain("\tat ");
            assertThat(out).doesNotExist();

            CliRun right = CliRun.of(
                    "latency",
                    "--connect",
                    zk.connectString(),
                    "--jaas",
                    zk.clientJaas().orElseThrow().toString(),
                    "--znode-count",
                    "30",
                    "--out",
                    dir.resolve("right").toString());
            assertThat(right.exitCode()).as(right.err()).isEqualTo(ExitCodes.OK);
            assertThat(json(dir.resolve("right/run.json"))
                            .at("/target/security/sasl")
                            .asBoolean())
                    .isTrue();
        }
    }

    @Test
    void aSecureRootIsClosedToOthersAndOnlyItsCredentialsCleanIt(@TempDir Path dir) throws Exception {
        String secret = "Lit3ral-Secret-" + ProcessHandle.current().pid();
        String fromEnv = "Env-Secret-" + ProcessHandle.current().pid();
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("256m").build()) {
            zk.start();
            Path out = dir.resolve("ramp");
            Path log = dir.resolve("runner.log");
            int exit = runner(
                    log,
                    Map.of("ZK_AUTH", "digest:carol:" + fromEnv),
                    "--connect",
                    zk.connectString(),
                    "--auth",
                    "digest:alice:" + secret,
                    "--auth",
                    "env:ZK_AUTH",
                    "--secure-root",
                    "--keep",
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
                    "--out",
                    out.toString());
            assertThat(exit).as(Files.readString(log)).isEqualTo(ExitCodes.OK);
            JsonNode run = json(out.resolve("run.json"));
            String root = run.get("root").asText();
            assertThat(run.at("/target/security/secureRoot").asBoolean()).isTrue();
            assertThat(run.get("arguments").toString()).contains("digest:alice:<redacted>", "env:ZK_AUTH");
            assertNoSecret(out, Files.readString(log), List.of(secret, fromEnv));

            ZooKeeper other = Connections.open(
                    zk.connectString(),
                    ZkClientSecurity.NONE.withAuth("digest", "mallory:guess"),
                    SESSION,
                    SESSION,
                    null);
            try {
                assertThatThrownBy(() -> other.getChildren(root, false))
                        .isInstanceOf(KeeperException.NoAuthException.class);
            } finally {
                other.close();
            }

            CliRun denied = CliRun.of("clean", "--connect", zk.connectString(), "--root", root);
            assertThat(denied.exitCode()).as(denied.err()).isEqualTo(ExitCodes.RUNTIME_FAILURE);
            assertThat(denied.err().strip().lines()).hasSize(1);
            assertThat(denied.err()).contains("does not let this client in (NoAuth)");

            Path authFile = Files.writeString(dir.resolve("auth"), "digest:alice:" + secret + "\n");
            CliRun clean =
                    CliRun.of("clean", "--connect", zk.connectString(), "--root", root, "--auth", "file:" + authFile);
            assertThat(clean.exitCode()).as(clean.err()).isEqualTo(ExitCodes.OK);
            assertThat(clean.out()).startsWith("Removed ");
        }
    }

    /** Runs the runner as its own process, its log at DEBUG, stdout and stderr into {@code log}. */
    private static int runner(Path log, Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dzkload.log.level=DEBUG",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        try {
            assertThat(p.waitFor(3, TimeUnit.MINUTES)).isTrue();
            return p.exitValue();
        } finally {
            p.destroyForcibly();
        }
    }

    /** No secret in any file of the results folder (reports included) nor in the console output. */
    private static void assertNoSecret(Path results, String console, List<String> secrets) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(results)) {
            files = walk.filter(Files::isRegularFile).collect(Collectors.toList());
        }
        assertThat(files).extracting(p -> p.getFileName().toString()).contains("run.json");
        for (String secret : secrets) {
            assertThat(console).doesNotContain(secret);
            for (Path f : files) {
                String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                assertThat(text).as(f.toString()).doesNotContain(secret);
            }
        }
    }

    private static JsonNode json(Path file) throws IOException {
        return ResultJson.compact().readTree(file.toFile());
    }
}
