package dev.zkload.bench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.zk.connect.ServerAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
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
                    .interval(Duration.ofMillis(500))
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
                        .isEqualTo("time,epochMs,server,reachable,unresponsive,source,state,"
                                + "version,znodeCount,watchCount,ephemeralsCount,aliveConnections,outstandingRequests,minLatencyMs,"
                                + "avgLatencyMs,maxLatencyMs,approximateDataSize,fsyncThresholdExceedCount,"
                                + "fsyncCount,fsyncTotalMs,bytesReceived,bytesSent,throttledOps,processCpuSec,error");
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
                        .allMatch(s -> !s.reachable() && s.error() != null && !s.unresponsive());
            }
            List<String> rows =
                    Files.readAllLines(csv).subList(1, Files.readAllLines(csv).size());
            assertThat(rows).anyMatch(r -> r.contains(live.hostPort() + ",true,false,4LW,STANDALONE,"));
            assertThat(rows).anyMatch(r -> r.contains(dead.hostPort() + ",false,false,"));
            int columns = StatsCsv.HEADER.split(",", -1).length;
            assertThat(rows).allMatch(r -> r.replaceAll("\"[^\"]*\"", "q").split(",", -1).length == columns);
        }
    }

    @Test
    void aServerThatAcceptsButNeverAnswersIsUnresponsiveEveryRoundAndTheRoundsStayOnTime(@TempDir Path dir)
            throws Exception {
        List<List<StatsSample>> heard = new CopyOnWriteArrayList<>();
        List<Long> lateMicros = new CopyOnWriteArrayList<>();
        // a stalled server: its port accepts (the kernel does that for a stopped process too), nothing answers
        try (ServerSocket stalled = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
                LocalEnsemble zk =
                        LocalEnsemble.builder().servers(1).heap("256m").build()) {
            zk.start();
            ServerAddress live = zk.servers().get(0);
            ServerAddress stopped = new ServerAddress("127.0.0.1", stalled.getLocalPort(), stalled.getLocalPort());
            Duration interval = Duration.ofMillis(500);
            try (StatsSampler sampler = StatsSampler.builder()
                    .servers(List.of(live, stopped))
                    // the client waits longer than a round: the round must not
                    .client(new StatsClient(Duration.ofSeconds(3)))
                    .interval(interval)
                    .csv(dir.resolve("server-metrics.csv"))
                    .listener(heard::add)
                    .lateness(lateMicros::add)
                    .build()) {
                long start = System.nanoTime();
                sampler.start();
                await().atMost(Timeouts.seconds(30)).until(() -> heard.size() >= 8);
                long elapsedMs = (System.nanoTime() - start) / 1_000_000;
                // 8 rounds due at 0, 0.5, ..., 3.5 s, the last delivered by 3.9 s (a second's margin for the polling);
                // had each waited for the client's 3 s timeout, 8 would take 24 s and more
                assertThat(elapsedMs).isLessThan(10 * interval.toMillis());
                // no start waits for the silent server: one that did would be 2.5 s late; a busy CI machine may
                // delay the ticker's own wake-up by a few hundred ms (285 ms seen at a load average of 12)
                assertThat(lateMicros).allMatch(us -> us < interval.toMillis() * 1000);
                // once the first read has timed out in the client, the rounds know the client port itself is silent
                await().atMost(Timeouts.seconds(30))
                        .until(() -> heard.size() >= 3 && portStalled(heard.get(heard.size() - 3), stopped));
            }
            int first = firstRoundWithPortStalled(heard, stopped);
            assertThat(first).as("the client's 3 s timeout is six rounds").isGreaterThanOrEqualTo(5);
            assertThat(heard.subList(first, heard.size())).allMatch(round -> portStalled(round, stopped));
            assertThat(heard).allMatch(round -> !portStalled(round, live));
            for (List<StatsSample> round : heard) {
                assertThat(round).filteredOn(s -> s.server().equals(live)).allMatch(StatsSample::reachable);
                assertThat(round)
                        .filteredOn(s -> s.server().equals(stopped))
                        .allMatch(s -> s.unresponsive() && !s.reachable() && !s.serverDown())
                        // the round's deadline, or the client's timeout for the round that learns it
                        .allMatch(s -> s.error().equals("no answer within 400 ms")
                                || s.error().contains("timed out"));
            }
            assertThat(Files.readAllLines(dir.resolve("server-metrics.csv")))
                    .anyMatch(r -> r.contains(stopped.hostPort() + ",false,true,"));
        }
    }

    @Test
    void aServerWhoseStatisticsSourceHangsWhileItsClientPortAnswersIsNoStalledPort() throws Exception {
        List<List<StatsSample>> heard = new CopyOnWriteArrayList<>();
        // mntr not whitelisted: the statistics come from the AdminServer, here one that accepts and never answers
        try (ServerSocket silentAdmin = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
                LocalEnsemble zk = LocalEnsemble.builder()
                        .servers(1)
                        .heap("256m")
                        .zooCfg("4lw.commands.whitelist", "srvr")
                        .build()) {
            zk.start();
            ServerAddress server =
                    new ServerAddress("127.0.0.1", zk.servers().get(0).clientPort(), silentAdmin.getLocalPort());
            try (StatsSampler sampler = StatsSampler.builder()
                    .servers(List.of(server))
                    .client(new StatsClient(Duration.ofSeconds(1)))
                    .interval(Duration.ofMillis(500))
                    .listener(heard::add)
                    .build()) {
                sampler.start();
                // well past the client's timeout: reads have finished, timed out on the AdminServer
                await().atMost(Timeouts.seconds(30)).until(() -> heard.size() >= 8);
            }
            assertThat(heard).allMatch(round -> !round.get(0).reachable());
            assertThat(heard).noneMatch(round -> portStalled(round, server));
            assertThat(heard).noneMatch(round -> Rounds.leaderless(round, 0));
        }
    }

    @Test
    void killingTheLeaderNeverMakesTheSamplerLateNotEvenWhenARoundWaitsUntilItIsBack() throws Exception {
        List<List<StatsSample>> heard = new CopyOnWriteArrayList<>();
        List<Long> lateMicros = new CopyOnWriteArrayList<>();
        AtomicInteger killed = new AtomicInteger(-1);
        AtomicBoolean held = new AtomicBoolean();
        AtomicBoolean restarted = new AtomicBoolean();
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(3).heap("256m").build()) {
            zk.start();
            assertThat(new StatsClient(Duration.ofSeconds(5))
                            .configuration(zk.servers().get(0))
                            .voters())
                    .as("conf lists the quorum's members: two of them not serving are no leader")
                    .isEqualTo(3);
            Duration interval = Duration.ofSeconds(1);
            try (StatsSampler sampler = StatsSampler.builder()
                    .servers(zk.servers())
                    .interval(interval)
                    .listener(round -> {
                        heard.add(round);
                        // the first round that sees the dead leader is held for seconds, as any part of a round (a
                        // write to a disk busy with the election's fsyncs, a listener) may be: no lateness of the
                        // runner
                        if (killed.get() > 0
                                && down(round, zk.servers().get(killed.get() - 1))
                                && !held.getAndSet(true)) {
                            await().atMost(Timeouts.seconds(60)).until(restarted::get);
                        }
                    })
                    .lateness(lateMicros::add)
                    .build()) {
                sampler.start();
                for (int kill = 0; kill < 2; kill++) {
                    int leader = zk.leader();
                    assertThat(leader).isPositive();
                    ServerAddress victim = zk.servers().get(leader - 1);
                    int atKill = heard.size();
                    killed.set(leader);
                    zk.kill(leader);
                    // the first kill's round is held until the restart; the second's must be seen too, before the
                    // restart (a fast machine elects within a round)
                    await().atMost(Timeouts.seconds(60)).until(() -> held.get() && seenDown(heard, atKill, victim));
                    await().atMost(Timeouts.seconds(60)).until(() -> zk.leader() > 0);
                    int before = heard.size();
                    zk.restart(leader);
                    restarted.set(true);
                    await().atMost(Timeouts.seconds(60))
                            .until(() -> heard.size() > before
                                    && heard.get(heard.size() - 1).stream().allMatch(StatsSample::reachable));
                }
                // a fast machine elects and restarts within a few rounds: enough starts to judge the ticker by
                await().atMost(Timeouts.seconds(30)).until(() -> lateMicros.size() > 5);
            }
            // every start on time: the starts due while a round was held were skipped, not made late (without the
            // ticker the start after the held round was 2.4 s late; a busy machine may delay a wake-up by a few
            // hundred ms)
            assertThat(lateMicros).hasSizeGreaterThan(5).allMatch(us -> us < interval.toMillis() * 1000);
            // the killed servers show as down in their own rows, in rounds of every server
            assertThat(heard).allMatch(r -> r.size() == 3);
            assertThat(heard)
                    .filteredOn(r -> r.stream().anyMatch(StatsSample::serverDown))
                    .hasSizeGreaterThan(1);
        }
    }

    /** Whether a round heard since the first {@code from} saw the server down. */
    private static boolean seenDown(List<List<StatsSample>> heard, int from, ServerAddress server) {
        List<List<StatsSample>> rounds = List.copyOf(heard);
        return rounds.subList(from, rounds.size()).stream().anyMatch(round -> down(round, server));
    }

    private static boolean down(List<StatsSample> round, ServerAddress server) {
        return round.stream().anyMatch(s -> s.server().equals(server) && s.serverDown());
    }

    private static boolean portStalled(List<StatsSample> round, ServerAddress server) {
        return round.stream().anyMatch(s -> s.server().equals(server) && s.clientPortStalled());
    }

    private static int firstRoundWithPortStalled(List<List<StatsSample>> rounds, ServerAddress server) {
        for (int i = 0; i < rounds.size(); i++) {
            if (portStalled(rounds.get(i), server)) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void csvRowOfAnUnreachableServerKeepsTheColumnCount() throws Exception {
        StatsSample s =
                new StatsSample(java.time.Instant.EPOCH, new ServerAddress("h", 1), null, "refused, \"really\"");
        String row = StatsCsv.row(s);
        assertThat(row).startsWith("1970-01-01T00:00:00Z,0,h:1,false,false,");
        assertThat(row).endsWith("\"refused, \"\"really\"\"\"");
        assertThat(row.replaceAll("\"([^\"]|\"\")*\"", "q").split(",", -1)).hasSize(StatsCsv.HEADER.split(",").length);
    }
}
