package dev.zkload.runner.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.cli.CliRun;
import dev.zkload.zk.connect.ServerAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The preflight against servers configured as ZooKeeper 3.9 ships them: only {@code srvr} in the
 * four-letter-word whitelist, and the AdminServer either off or on a port of its own. A run that
 * depends on statistics it cannot read refuses before any load; {@code --no-server-metrics} runs and
 * says, everywhere, that saturation was not observable.
 */
class PreflightIT {
    private static LocalEnsemble stock;
    private static LocalEnsemble adminOnly;

    @BeforeAll
    static void start() throws Exception {
        stock = LocalEnsemble.builder()
                .servers(1)
                .heap("256m")
                .zooCfg("4lw.commands.whitelist", "srvr")
                .zooCfg("admin.enableServer", "false")
                .build();
        stock.start();
        adminOnly = LocalEnsemble.builder()
                .servers(1)
                .heap("256m")
                .zooCfg("4lw.commands.whitelist", "srvr")
                .build();
        adminOnly.start();
    }

    @AfterAll
    static void stop() {
        stock.close();
        adminOnly.close();
    }

    @Test
    void aServerWithoutStatisticsIsRefusedBeforeAnyLoadNamingTheLineThatFixesIt(@TempDir Path dir) throws Exception {
        long before = nodeCount(stock);
        Path out = dir.resolve("refused");
        CliRun run = CliRun.of(ramp(stock, out));
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.RUNTIME_FAILURE);
        assertThat(run.err())
                .startsWith("zkload: " + stock.connectString() + " does not give zkload the statistics")
                .contains("\"mntr\" and \"cons\" are not in 4lw.commands.whitelist")
                .contains("no AdminServer answers at http://127.0.0.1:8080/commands")
                .contains("Add the line \"4lw.commands.whitelist=srvr,mntr,cons,conf\"")
                .contains("--no-server-metrics");
        assertThat(run.err().lines().count()).as("one sentence").isEqualTo(1);
        assertThat(out).as("no results folder for a refused run").doesNotExist();
        assertThat(nodeCount(stock)).as("nothing written on the ensemble").isEqualTo(before);
    }

    @Test
    void withNoServerMetricsItRunsAndSaysSaturationWasNotObservable(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("blind");
        CliRun run = CliRun.of(ramp(stock, out, "--no-server-metrics"));
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out())
                .contains("Verdict: The ensemble carried 1 domain without errors, but saturation was not"
                        + " observable, so that is not a capacity; max stable domains: none.")
                .doesNotContain("below saturation");

        JsonNode summary = OneDomainRamp.json(out.resolve("summary.json"));
        assertThat(summary.get("stopReason").asText()).isEqualTo("target-reached");
        assertThat(summary.get("maxStableDomains").isNull()).isTrue();
        assertThat(summary.get("saturationObservable").asBoolean()).isFalse();
        // a noisy host's qualification comes first where the machine was busy
        assertThat(summary.get("qualifications"))
                .extracting(JsonNode::asText)
                .anyMatch(q -> q.startsWith("Run with --no-server-metrics"));
        JsonNode step = OneDomainRamp.lastStep(out);
        assertThat(step.get("verdict").asText()).isEqualTo("unobservable");
        assertThat(step.get("saturationObservable").asBoolean()).isFalse();
        assertThat(step.get("footprintPerDomain").isNull())
                .as("a footprint is observed or absent")
                .isTrue();
        JsonNode server = OneDomainRamp.json(out.resolve("run.json")).at("/target/servers/0");
        assertThat(server.get("metrics").asText()).isEqualTo("none");
        assertThat(server.get("version").asText()).as("srvr still answers").startsWith("3.9");
        assertThat(out.resolve("server-metrics.csv")).doesNotExist();
        assertThat(Files.readString(out.resolve("report.md")))
                .contains("saturation was not observable")
                .contains("Saturation observable: no");
    }

    @Test
    void anAdminServerOnAnotherPortIsFoundWithAdminPort(@TempDir Path dir) throws Exception {
        ServerAddress server = adminOnly.servers().get(0);
        CliRun refused = CliRun.of(ramp(adminOnly, dir.resolve("default-port")));
        assertThat(refused.exitCode()).as(refused.err()).isEqualTo(ExitCodes.RUNTIME_FAILURE);
        assertThat(refused.err()).contains("http://127.0.0.1:8080/commands");

        Path out = dir.resolve("admin");
        CliRun run = CliRun.of(ramp(adminOnly, out, "--admin-port", Integer.toString(server.adminPort())));
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
        assertThat(OneDomainRamp.json(out.resolve("run.json"))
                        .at("/target/servers/0/metrics")
                        .asText())
                .isEqualTo("admin http://127.0.0.1:" + server.adminPort() + "/commands");
        JsonNode step = OneDomainRamp.lastStep(out);
        assertThat(step.get("verdict").asText()).isEqualTo("stable");
        assertThat(step.at("/footprintPerDomain/sessions").asDouble())
                .as("sessions from the AdminServer's connections")
                .isEqualTo(5.0);
        assertThat(Files.readString(out.resolve("server-metrics.csv"))).contains(",ADMIN_HTTP,");
    }

    @Test
    void theLatencyBenchmarkNeedsNoStatisticsAndRecordsWhatThePreflightFound(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("latency");
        CliRun run = CliRun.of(
                "latency", "--connect", stock.connectString(), "--znode-count", "50", "--out", out.toString());
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
        assertThat(OneDomainRamp.json(out.resolve("latency.json"))
                        .at("/targets/0/role")
                        .asText())
                .isEqualTo("standalone");
        assertThat(OneDomainRamp.json(out.resolve("run.json"))
                        .at("/target/servers/0/metrics")
                        .asText())
                .isEqualTo("none");
    }

    private static String[] ramp(LocalEnsemble zk, Path out, String... more) {
        return OneDomainRamp.args(zk.connectString(), out, more);
    }

    private static long nodeCount(LocalEnsemble zk) throws Exception {
        return OneDomainRamp.nodeCount(zk.servers().get(0));
    }
}
