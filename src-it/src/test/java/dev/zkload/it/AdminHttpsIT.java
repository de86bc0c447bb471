package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.it.testing.RunnerProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server whose statistics come only from an HTTPS AdminServer ({@code zookeeper.admin.forceHttps},
 * a certificate made for the test by the JDK's keytool): zkload reads it through {@code --admin-url
 * https://...}, trusting it through the JVM's trust store, and refuses in one sentence without it.
 */
class AdminHttpsIT {
    private static final String PASSWORD = "zkload-test";

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path tmp;

    @Test
    void statisticsComeOverHttpsWhenTheCertificateIsTrustedAndNotOtherwise() throws Exception {
        Path keyStore = tmp.resolve("server.p12");
        Path trustStore = tmp.resolve("trust.p12");
        keytool(
                "-genkeypair",
                "-alias",
                "zk",
                "-keyalg",
                "RSA",
                "-keysize",
                "2048",
                "-dname",
                "CN=127.0.0.1",
                "-ext",
                "SAN=ip:127.0.0.1",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                keyStore.toString(),
                "-storepass",
                PASSWORD,
                "-keypass",
                PASSWORD);
        Path cert = tmp.resolve("server.pem");
        keytool(
                "-exportcert",
                "-rfc",
                "-alias",
                "zk",
                "-keystore",
                keyStore.toString(),
                "-storepass",
                PASSWORD,
                "-file",
                cert.toString());
        keytool(
                "-importcert",
                "-noprompt",
                "-alias",
                "zk",
                "-file",
                cert.toString(),
                "-storetype",
                "PKCS12",
                "-keystore",
                trustStore.toString(),
                "-storepass",
                PASSWORD);
        try (LocalEnsemble zk = LocalEnsemble.builder()
                .servers(1)
                .heap("256m")
                .zooCfg("4lw.commands.whitelist", "srvr")
                .jvmFlags(List.of(
                        "-Dzookeeper.admin.forceHttps=true",
                        "-Dzookeeper.ssl.quorum.keyStore.location=" + keyStore,
                        "-Dzookeeper.ssl.quorum.keyStore.password=" + PASSWORD,
                        "-Dzookeeper.ssl.quorum.trustStore.location=" + trustStore,
                        "-Dzookeeper.ssl.quorum.trustStore.password=" + PASSWORD))
                .build()) {
            zk.start();
            String adminUrl = "https://{host}:" + zk.servers().get(0).adminPort() + "/commands";
            Path out = tmp.resolve("trusted");
            RunnerProcess trusted = RunnerProcess.start(
                    tmp.resolve("logs"),
                    List.of(
                            "env",
                            "JAVA_TOOL_OPTIONS=" + "-Djavax.net.ssl.trustStore=" + trustStore
                                    + " -Djavax.net.ssl.trustStorePassword=" + PASSWORD),
                    simulate(zk, adminUrl, out));
            try (trusted) {
                assertThat(trusted.awaitExit(Timeouts.seconds(120)))
                        .as(trusted.output())
                        .isZero();
            }
            assertThat(RunnerProcess.json(out.resolve("run.json"))
                            .at("/target/servers/0/metrics")
                            .asText())
                    .isEqualTo("admin https://127.0.0.1:" + zk.servers().get(0).adminPort() + "/commands");
            JsonNode summary = RunnerProcess.json(out.resolve("summary.json"));
            assertThat(summary.at("/measuredPerDomain/sessions").asDouble()).isEqualTo(5.0);

            RunnerProcess untrusted =
                    RunnerProcess.run(tmp.resolve("logs"), simulate(zk, adminUrl, tmp.resolve("untrusted")));
            assertThat(untrusted.exitCode()).as(untrusted.output()).isEqualTo(1);
            assertThat(untrusted.err())
                    .contains("no AdminServer answers at https://127.0.0.1:")
                    .contains("TLS failed")
                    .doesNotContain("\tat ");
            assertThat(tmp.resolve("untrusted")).doesNotExist();
        }
    }

    private static String[] simulate(LocalEnsemble zk, String adminUrl, Path out) {
        return new String[] {
            "simulate",
            "--connect",
            zk.connectString(),
            "--admin-url",
            adminUrl,
            "--domains",
            "1",
            "--duration",
            "2s",
            "--jobs-per-domain",
            "3",
            "--out",
            out.toString()
        };
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0)
                .as("keytool %s: %s", cmd, output)
                .isTrue();
    }
}
