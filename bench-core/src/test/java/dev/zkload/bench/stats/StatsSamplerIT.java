package dev.zkload.bench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.client.ServerAddress;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.Timeouts;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StatsSamplerIT {

    @Test
    void samplesEveryServerIntoCsvAndReportsTheDeadOneWithoutStopping(@TempDir Path dir) throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        ServerAddress dead = new ServerAddress("127.0.0.1", closedPort, closedPort);
        Path csv = dir.resolve("server-metrics.csv");
        List<List<StatsSample>> heard = new CopyOnWriteArrayList<>();
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("256m").build()) {
            zk.start();
            ServerAddress live = zk.servers().get(0);
            try (StatsSampler sampler = StatsSampler.builder()
                    .servers(List.of(live, dead))
                    .interval(Duration.ofMillis(200))
                    .csv(csv)
                    .listener(heard::add)
                    .build()) {
                sampler.start();
                await().atMost(Timeouts.seconds(20)).until(() -> heard.size() >= 5);
                // the file is flushed while the sampler runs
                List<String> lines = Files.readAllLines(csv);
                // the columns of every server-metrics.csv so far, in their order
                assertThat(lines.get(0))
                        .isEqualTo(StatsCsv.HEADER)
                        .isEqualTo("time,epochMs,server,reachable,source,state,"
                                + "version,znodeCount,watchCount,ephemeralsCount,aliveConnections,outstandingRequests,minLatencyMs,"
                                + "avgLatencyMs,maxLatencyMs,approximateDataSize,fsyncThresholdExceedCount,error");
                assertThat(lines.size()).isGreaterThanOrEqualTo(1 + 2 * 4);

                StatsSample leader = sampler.leader().orElseThrow();
                assertThat(leader.server()).isEqualTo(live);
                assertThat(leader.stats().state()).isEqualTo(ServerState.STANDALONE);
            }
            for (List<StatsSample> round : heard) {
                assertThat(round).hasSize(2);
                assertThat(round).filteredOn(s -> s.server().equals(live)).allMatch(StatsSample::reachable);
                assertThat(round)
                        .filteredOn(s -> s.server().equals(dead))
                        .allMatch(s -> !s.reachable() && s.error() != null);
            }
            List<String> rows =
                    Files.readAllLines(csv).subList(1, Files.readAllLines(csv).size());
            assertThat(rows).anyMatch(r -> r.contains(live.hostPort() + ",true,4LW,STANDALONE,"));
            assertThat(rows).anyMatch(r -> r.contains(dead.hostPort() + ",false,"));
            int columns = StatsCsv.HEADER.split(",", -1).length;
            assertThat(rows).allMatch(r -> r.replaceAll("\"[^\"]*\"", "q").split(",", -1).length == columns);
        }
    }

    @Test
    void csvRowOfAnUnreachableServerKeepsTheColumnCount() throws Exception {
        StatsSample s =
                new StatsSample(java.time.Instant.EPOCH, new ServerAddress("h", 1), null, "refused, \"really\"");
        String row = StatsCsv.row(s);
        assertThat(row).startsWith("1970-01-01T00:00:00Z,0,h:1,false,");
        assertThat(row).endsWith("\"refused, \"\"really\"\"\"");
        assertThat(row.replaceAll("\"([^\"]|\"\")*\"", "q").split(",", -1)).hasSize(StatsCsv.HEADER.split(",").length);
    }
}
