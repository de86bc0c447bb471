package dev.zkload.bench.ensemble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.stats.FourLetterWords;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real forked servers: one standalone, and the bad-settings paths. */
class LocalEnsembleIT {

    @Test
    void standaloneServerServesAClientAndHonoursZooCfg(@TempDir Path base) throws Exception {
        LocalEnsemble zk = LocalEnsemble.builder()
                .servers(1)
                .heap("256m")
                .baseDir(base)
                .zooCfg("maxClientCnxns", "77")
                .zooCfg("snapCount", "100")
                .build();
        try {
            zk.start();
            assertThat(zk.leader()).isEqualTo(1);
            assertThat(zk.servers()).hasSize(1);
            assertThat(zk.connectString()).matches("127\\.0\\.0\\.1:\\d+");

            ZooKeeper client = ZkClients.connect(zk.connectString());
            try {
                client.create(
                        "/hello", "world".getBytes(StandardCharsets.UTF_8), Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
                assertThat(new String(client.getData("/hello", false, null), StandardCharsets.UTF_8))
                        .isEqualTo("world");
                for (int i = 0; i < 400; i++) {
                    client.setData("/hello", new byte[] {(byte) i}, -1);
                }
            } finally {
                client.close();
            }

            var server = zk.servers().get(0);
            Duration t = Duration.ofSeconds(5);
            assertThat(FourLetterWords.send(server, "mntr", t)).contains("zk_server_state\tstandalone");
            String conf = FourLetterWords.send(server, "conf", t);
            assertThat(conf).contains("maxClientCnxns=77");
            // snapCount=100 took effect: 400 writes made several snapshots (the default 100000 makes one)
            try (var files = Files.list(base.resolve("server-1/data/version-2"))) {
                assertThat(files.filter(f -> f.getFileName().toString().startsWith("snapshot."))
                                .count())
                        .isGreaterThanOrEqualTo(3);
            }

            ProcessStats stats = zk.processStats(1);
            assertThat(stats.pid()).isPositive();
            assertThat(stats.rssBytes()).isGreaterThan(10L << 20);
            assertThat(stats.cpuTime()).isPositive();
            long pid = stats.pid();

            zk.close();
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                    .isFalse();
            assertThatThrownBy(zk::connectString).isInstanceOf(IllegalStateException.class);
        } finally {
            zk.close(); // a second close does nothing
        }
    }

    @Test
    void builderRejectsBadSettingsNamingThem(@TempDir Path notAJdk) {
        assertThatThrownBy(() -> LocalEnsemble.builder().servers(2).build())
                .hasMessageContaining("servers must be 1, 3 or 5");
        assertThatThrownBy(() -> LocalEnsemble.builder().javaHome(notAJdk).build())
                .hasMessageContaining("is not a JDK");
        assertThatThrownBy(() -> LocalEnsemble.builder().heap("lots").build()).hasMessageContaining("heap");
    }

    @Test
    void aFlagTheJvmRejectsFailsTheStartWithTheJvmsOwnMessage() {
        LocalEnsemble zk = LocalEnsemble.builder()
                .servers(1)
                .jvmFlags(List.of("-XX:+NoSuchFlagAtAll"))
                .startTimeout(Timeouts.seconds(30))
                .build();
        assertThatThrownBy(zk::start)
                .hasMessageContaining("exited")
                .hasMessageContaining("Unrecognized VM option 'NoSuchFlagAtAll'");
        await().atMost(Timeouts.seconds(5)).until(() -> ProcessHandle.current()
                .children()
                .noneMatch(p -> p.info().commandLine().orElse("").contains("ServerLauncher")));
    }
}
