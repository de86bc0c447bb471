package dev.zkload.bench.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which listening process is taken for a server, and the port's sockets read from /proc/net/tcp. */
class ListeningProcessTest {
    @Test
    void aJvmOrAProcessNamingZooKeeperIsTheServerAPortForwarderIsNot() {
        assertThat(ListeningProcess.javaOrZooKeeper(cmdline(
                        "/usr/lib/jvm/java-17-openjdk-amd64/bin/java",
                        "-cp",
                        "lib/*",
                        "org.apache.zookeeper.server.quorum.QuorumPeerMain")))
                .isTrue();
        assertThat(ListeningProcess.javaOrZooKeeper(cmdline("/opt/zk/bin/zkServer.sh", "start-foreground")))
                .as("a script naming ZooKeeper")
                .isFalse();
        assertThat(ListeningProcess.javaOrZooKeeper(cmdline("/opt/zookeeper/bin/zkServer.sh", "start-foreground")))
                .isTrue();
        assertThat(ListeningProcess.javaOrZooKeeper(cmdline(
                        "/usr/bin/docker-proxy", "-proto", "tcp", "-host-port", "2181", "-container-port", "2181")))
                .isFalse();
    }

    @Test
    void theListeningSocketsOfAPortAreFoundInTheTable() {
        List<String> table = List.of(
                "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
                "   0: 0100007F:0885 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 4242 1",
                "   1: 0100007F:0885 0100007F:D2A4 01 00000000:00000000 00:00000000 00000000     0        0 4343 1");

        assertThat(ListeningProcess.listening(table, 2181)).containsExactly("4242");
        assertThat(ListeningProcess.listening(table, 2182)).isEmpty();
    }

    private static byte[] cmdline(String... args) {
        return (String.join("\0", args) + "\0").getBytes(StandardCharsets.UTF_8);
    }
}
