package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.it.testing.RunnerProcess;
import dev.zkload.it.testing.TcpProxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that stops giving its statistics in the middle of a ramp (here its AdminServer, behind a
 * proxy, cut off while ZooKeeper itself keeps serving): the steps after it are marked unobservable,
 * not silently left blank, and the missing metrics are not taken for a lost quorum.
 */
class MetricsLostIT {
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path tmp;

    @Test
    void stepsWithoutTheLeadersStatisticsAreMarkedAndTheVerdictSaysSo() throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder()
                .servers(1)
                .heap("256m")
                .zooCfg("4lw.commands.whitelist", "srvr")
                .build()) {
            zk.start();
            try (TcpProxy admin = new TcpProxy(zk.servers().get(0).adminPort())) {
                Path out = tmp.resolve("ramp");
                RunnerProcess r = RunnerProcess.start(
                        tmp.resolve("logs"),
                        "--connect",
                        zk.connectString(),
                        "--admin-url",
                        "http://" + admin.hostPort() + "/commands",
                        "--domains",
                        "3",
                        "--step",
                        "1",
                        "--settle",
                        "4s",
                        "--sustain",
                        "4s",
                        "--znode-count",
                        "50",
                        "--jobs-per-domain",
                        "3",
                        "--out",
                        out.toString());
                try (r) {
                    Path steps = out.resolve("steps.jsonl");
                    await().atMost(Timeouts.seconds(120))
                            .until(() -> Files.exists(steps)
                                    && Files.readAllLines(steps).size() >= 2);
                    admin.cut();
                    assertThat(r.awaitExit(Timeouts.seconds(180)))
                            .as(r.output())
                            .isZero();
                }
                List<JsonNode> lines = RunnerProcess.jsonLines(out.resolve("steps.jsonl"));
                assertThat(lines).hasSize(4);
                assertThat(lines.get(1).get("verdict").asText()).isEqualTo("stable");
                for (JsonNode blind : lines.subList(2, 4)) {
                    assertThat(blind.get("verdict").asText())
                            .as(blind.toString())
                            .isEqualTo("unobservable");
                    assertThat(blind.get("saturationObservable").asBoolean()).isFalse();
                    assertThat(blind.at("/serverMetrics/unanswered/"
                                            + zk.servers().get(0).hostPort().replace("/", "~1"))
                                    .asInt())
                            .isPositive();
                    assertThat(blind.get("leaderlessSec").asDouble())
                            .as("no statistics is not a lost quorum")
                            .isZero();
                }
                JsonNode summary = RunnerProcess.json(out.resolve("summary.json"));
                assertThat(summary.get("stopReason").asText()).isEqualTo("target-reached");
                assertThat(summary.get("saturationObservable").asBoolean()).isFalse();
                assertThat(summary.get("maxStableDomains").asInt()).isEqualTo(1);
                assertThat(summary.get("qualifications").toString())
                        .contains("Saturation was not observable at 2, 3 domains");
                assertThat(Files.readString(out.resolve("report.md"))).contains("| unobservable |");
            }
        }
    }
}
