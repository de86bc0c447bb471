package dev.zkload.bench.ensemble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zkload.bench.client.Connections;
import dev.zkload.bench.client.ZkRoot;
import dev.zkload.bench.stats.AdminUrls;
import dev.zkload.bench.stats.ClientTls;
import dev.zkload.bench.stats.FourLetterWords;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.zk.ZkClientSecurity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import javax.security.auth.login.Configuration;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Secured embedded ensembles, real servers on loopback: TLS only (a plain client and a plain
 * four-letter word are refused, a TLS client and TLS four-letter words get in), SASL DIGEST-MD5 with
 * authentication enforced (the right password gets in, a wrong one fails at once with one sentence),
 * and a digest creator-only root that another identity cannot read.
 */
class SecureEnsembleIT {
    private static final Duration SESSION = Duration.ofSeconds(30);
    private static final String JAAS = "java.security.auth.login.config";

    @AfterEach
    void forgetJaas() {
        System.clearProperty(JAAS);
        Configuration.setConfiguration(null);
    }

    @Test
    void aTlsEnsembleRefusesPlainClientsAndServesTlsOnes(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path base)
            throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder()
                .servers(1)
                .heap("256m")
                .tls(true)
                .baseDir(base)
                .build()) {
            zk.start();
            ZkClientSecurity tls = zk.clientSecurity();
            assertThat(tls.tls()).isTrue();
            assertThat(Files.readString(base.resolve("server-1/zoo.cfg")))
                    .contains("secureClientPort=")
                    .doesNotContain("\nclientPort=");

            assertThatThrownBy(() -> Connections.open(zk.connectString(), SESSION, Timeouts.seconds(3), null))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("cannot reach ZooKeeper");
            assertThatThrownBy(() -> FourLetterWords.send(zk.servers().get(0), "srvr", Duration.ofSeconds(2)))
                    .isInstanceOf(IOException.class);

            ZooKeeper client = Connections.open(zk.connectString(), tls, SESSION, Timeouts.seconds(30), null);
            try {
                client.create("/tls", new byte[0], tls.acl(), CreateMode.PERSISTENT);
                assertThat(client.exists("/tls", false)).isNotNull();
            } finally {
                client.close();
            }
            StatsClient stats = new StatsClient(Duration.ofSeconds(5), AdminUrls.DEFAULT, ClientTls.socketFactory(tls));
            assertThat(stats.monitor(zk.servers().get(0)).raw()).containsKey("zk_znode_count");
        }
    }

    @Test
    void aSaslEnsembleLetsTheRightPasswordInAndRefusesAWrongOne(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path base)
            throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder()
                .servers(1)
                .heap("256m")
                .saslDigest("alice", "right-password")
                .baseDir(base)
                .build()) {
            zk.start();
            assertThat(Files.readString(base.resolve("server-1/zoo.cfg"))).contains("enforce.auth.enabled=true");

            useJaas(zk.clientJaas().orElseThrow());
            ZkClientSecurity sasl = zk.clientSecurity();
            ZooKeeper client = Connections.open(zk.connectString(), sasl, SESSION, Timeouts.seconds(30), null);
            try {
                client.create("/sasl", new byte[0], ZkClientSecurity.NONE.acl(), CreateMode.PERSISTENT);
            } finally {
                client.close();
            }

            Path wrong = Files.writeString(
                    base.resolve("wrong.jaas"),
                    "Client {\n  " + SaslDigest.MODULE
                            + " required\n  username=\"alice\"\n  password=\"wrong\";\n};\n");
            useJaas(wrong);
            assertThatThrownBy(() -> Connections.open(zk.connectString(), sasl, SESSION, Timeouts.seconds(30), null))
                    .isInstanceOf(Connections.AuthenticationFailedException.class)
                    .hasMessageContaining("refused this client's SASL credentials")
                    .hasMessageNotContaining("wrong");
        }
    }

    @Test
    void aCreatorOnlyRootIsClosedToAnotherIdentity(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path base)
            throws Exception {
        try (LocalEnsemble zk =
                LocalEnsemble.builder().servers(1).heap("256m").baseDir(base).build()) {
            zk.start();
            ZkClientSecurity alice =
                    ZkClientSecurity.NONE.withAuth("digest", "alice:secret").withCreatorOnlyAcl();
            ZooKeeper owner = Connections.open(zk.connectString(), alice, SESSION, Timeouts.seconds(30), null);
            ZooKeeper other = Connections.open(
                    zk.connectString(),
                    ZkClientSecurity.NONE.withAuth("digest", "mallory:guess"),
                    SESSION,
                    Timeouts.seconds(30),
                    null);
            try {
                ZkRoot.prepare(owner, "/zkload/acl/run", "test", false, alice.acl());
                owner.create(
                        "/zkload/acl/run/data",
                        "x".getBytes(StandardCharsets.UTF_8),
                        alice.acl(),
                        CreateMode.PERSISTENT);
                assertThat(owner.getChildren("/zkload/acl/run", false)).containsExactly("data");

                assertThatThrownBy(() -> other.getChildren("/zkload/acl/run", false))
                        .isInstanceOf(KeeperException.NoAuthException.class);
                assertThatThrownBy(() -> other.getData("/zkload/acl/run/data", false, null))
                        .isInstanceOf(KeeperException.NoAuthException.class);
                assertThatThrownBy(() -> other.delete("/zkload/acl/run/data", -1))
                        .isInstanceOf(KeeperException.NoAuthException.class);
                // the parents stay open: other runs share /zkload
                assertThat(other.getChildren("/zkload/acl", false)).containsExactly("run");
            } finally {
                owner.close();
                other.close();
            }
        }
    }

    private static void useJaas(Path file) {
        System.setProperty(JAAS, file.toString());
        Configuration.setConfiguration(null);
    }
}
