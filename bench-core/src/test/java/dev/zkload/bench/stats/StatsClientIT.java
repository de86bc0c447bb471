package dev.zkload.bench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.zk.connect.ServerAddress;
import java.time.Duration;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Reads a real forked server, and checks that what it reads is what was done to the server. */
class StatsClientIT {
    private static LocalEnsemble zk;
    private static ServerAddress server;
    private final StatsClient stats = new StatsClient(Duration.ofSeconds(5));

    @BeforeAll
    static void startServer() throws Exception {
        zk = LocalEnsemble.builder().servers(1).heap("256m").build();
        zk.start();
        server = zk.servers().get(0);
    }

    @AfterAll
    static void stopServer() {
        zk.close();
    }

    @Test
    void mntrCountsWhatClientsDid() throws Exception {
        assertThat(stats.access(server).refusedWords())
                .as("zkload's own servers whitelist every word it reads")
                .isEmpty();
        assertThat(stats.access(server).describeSource()).isEqualTo("4lw");
        ServerStats before = stats.monitor(server);
        assertThat(before.source()).isEqualTo(ServerStats.Source.FOUR_LETTER_WORD);
        assertThat(before.state()).isEqualTo(ServerState.STANDALONE);
        assertThat(before.version()).startsWith("3.9");

        ZooKeeper a = ZkClients.connect(zk.connectString());
        ZooKeeper b = ZkClients.connect(zk.connectString());
        try {
            a.create("/m", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            for (int i = 0; i < 20; i++) {
                a.create("/m/p" + i, new byte[100], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            }
            for (int i = 0; i < 5; i++) {
                b.create("/m/e" + i, new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);
            }
            for (int i = 0; i < 7; i++) {
                b.exists("/m/p" + i, true);
            }
            b.getChildren("/m", true);

            ServerStats after = stats.monitor(server);
            assertThat(after.znodeCount() - before.znodeCount()).isEqualTo(26);
            assertThat(after.ephemeralsCount() - before.ephemeralsCount()).isEqualTo(5);
            assertThat(after.watchCount() - before.watchCount()).isEqualTo(8);
            assertThat(after.aliveConnections() - before.aliveConnections()).isEqualTo(2);
            assertThat(after.approximateDataSize() - before.approximateDataSize())
                    .isGreaterThanOrEqualTo(2000);
            assertThat(after.outstandingRequests()).isZero();
            assertThat(after.raw()).containsKey("zk_packets_received");

            StatsClient.WatchSummary w = stats.watchSummary(server);
            // wchs counts data watches only (7 exists); mntr's zk_watch_count adds the child watch on /m
            assertThat(w.totalWatches()).isEqualTo(7);
            assertThat(w.paths()).isEqualTo(7);
            assertThat(stats.connections(server))
                    .extracting(StatsClient.Connection::sessionId)
                    .contains(a.getSessionId(), b.getSessionId());

            long zxid = stats.summary(server).zxid();
            a.setData("/m", new byte[1], -1);
            a.setData("/m", new byte[2], -1);
            StatsClient.ServerSummary summary = stats.summary(server);
            assertThat(summary.zxid() - zxid)
                    .as("each write transaction is one zxid")
                    .isEqualTo(2);
            assertThat(summary.state()).isEqualTo(ServerState.STANDALONE);
        } finally {
            a.close();
            b.close();
        }
    }

    @Test
    void theConnectionLimitComesFromConfOrTheAdminServerAndAFullServerClosesConnections() throws Exception {
        ServerConfig viaConf = stats.configuration(server);
        assertThat(viaConf.source()).isEqualTo("conf");
        assertThat(viaConf.maxClientCnxns()).as("LocalEnsemble's own: no limit").isZero();
        assertThat(stats.closesConnections(server)).isFalse();

        try (LocalEnsemble strict = LocalEnsemble.builder()
                .servers(1)
                .heap("256m")
                .zooCfg("4lw.commands.whitelist", "srvr,ruok")
                .zooCfg("maxClientCnxns", "1")
                .build()) {
            strict.start();
            ServerAddress s = strict.servers().get(0);
            ServerConfig viaHttp = stats.configuration(s);
            assertThat(viaHttp.source()).isEqualTo("admin http://127.0.0.1:" + s.adminPort() + "/commands");
            assertThat(viaHttp.maxClientCnxns()).isEqualTo(1);
            assertThat(stats.closesConnections(s)).as("a connection to spare").isFalse();

            ZooKeeper only = ZkClients.connect(strict.connectString());
            try {
                assertThat(stats.closesConnections(s))
                        .as("the one connection taken")
                        .isTrue();
            } finally {
                only.close();
            }
            assertThatThrownBy(() -> new StatsClient(Duration.ofSeconds(2), AdminUrls.port(1)).configuration(s))
                    .isInstanceOf(java.io.IOException.class)
                    .hasMessage("\"conf\" is not in 4lw.commands.whitelist and no AdminServer answers at"
                            + " http://127.0.0.1:1/commands/configuration (connection refused)");
        }
    }

    @Test
    void fallsBackToTheAdminServerWhenMntrIsNotWhitelisted() throws Exception {
        try (LocalEnsemble strict = LocalEnsemble.builder()
                .servers(1)
                .heap("256m")
                .zooCfg("4lw.commands.whitelist", "srvr,ruok")
                .build()) {
            strict.start();
            ServerAddress s = strict.servers().get(0);
            assertThat(FourLetterWords.isNotWhitelisted(FourLetterWords.send(s, "mntr", Duration.ofSeconds(5))))
                    .isTrue();
            MetricAccess access = stats.access(s);
            assertThat(access.refusedWords()).containsExactly("mntr", "cons");
            assertThat(access.source()).isEqualTo(ServerStats.Source.ADMIN_HTTP);
            assertThat(access.describeSource()).isEqualTo("admin http://127.0.0.1:" + s.adminPort() + "/commands");
            assertThat(access.version()).startsWith("3.9");
            MetricAccess elsewhere = new StatsClient(Duration.ofSeconds(2), AdminUrls.port(1)).access(s);
            assertThat(elsewhere.complete()).as("no AdminServer on port 1").isFalse();
            assertThat(elsewhere.adminProblem())
                    .isEqualTo("no AdminServer answers at http://127.0.0.1:1/commands/server_stats"
                            + " (connection refused)");
            assertThat(elsewhere.version()).as("srvr still answers").startsWith("3.9");

            ZooKeeper c = ZkClients.connect(strict.connectString());
            try {
                c.create("/x", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);
                c.exists("/x", true);
                ServerStats viaHttp = stats.monitor(s);
                ServerStats viaMntr = stats.monitor(server);
                assertThat(viaHttp.source()).isEqualTo(ServerStats.Source.ADMIN_HTTP);
                assertThat(viaHttp.state()).isEqualTo(ServerState.STANDALONE);
                assertThat(viaHttp.ephemeralsCount()).isEqualTo(1);
                assertThat(viaHttp.watchCount()).isEqualTo(1);
                assertThat(viaHttp.aliveConnections()).isEqualTo(1);
                assertThat(viaHttp.znodeCount()).isEqualTo(6);
                assertThat(viaHttp.avgLatencyMs()).isCloseTo(viaHttp.avgLatencyMs(), within(0.0));
                assertThat(viaHttp.version()).isEqualTo(viaMntr.version());
                assertThat(stats.watchSummary(s).totalWatches()).isEqualTo(1);
                assertThat(stats.connections(s))
                        .extracting(StatsClient.Connection::sessionId)
                        .containsExactly(c.getSessionId());
            } finally {
                c.close();
            }
        }
    }

    @Test
    void aClientPortThatClosesTheWordsConnectionIsNamedAsTheSourceThatFailed() throws Exception {
        try (LocalEnsemble limited = LocalEnsemble.builder()
                .servers(1)
                .heap("256m")
                .zooCfg("maxClientCnxns", "1")
                .build()) {
            limited.start();
            ServerAddress s = limited.servers().get(0);
            StatsClient noAdmin = new StatsClient(Duration.ofSeconds(2), AdminUrls.port(1));
            assertThat(noAdmin.access(s).complete())
                    .as("one connection is allowed")
                    .isTrue();

            // the one connection this address may hold: the words' connections are now closed unanswered
            ZooKeeper holder = ZkClients.connect(limited.connectString());
            try {
                assertThatThrownBy(() -> noAdmin.monitor(s))
                        .isInstanceOf(java.io.IOException.class)
                        .hasMessageStartingWith("mntr over the client port " + s.hostPort() + " failed: ")
                        .hasMessageContaining("maxClientCnxns")
                        .hasMessageEndingWith("; and no AdminServer answers at http://127.0.0.1:1/commands/monitor"
                                + " (connection refused)");
                MetricAccess access = noAdmin.access(s);
                assertThat(access.refusedWords())
                        .as("nothing was refused: the connection was")
                        .isEmpty();
                assertThat(access.wordProblem()).startsWith("srvr over the client port failed: ");
                assertThat(access.complete()).isFalse();
            } finally {
                holder.close();
            }
        }
    }
}
