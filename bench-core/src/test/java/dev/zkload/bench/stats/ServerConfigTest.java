package dev.zkload.bench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zkload.zk.connect.ServerAddress;
import org.junit.jupiter.api.Test;

class ServerConfigTest {
    private static final ServerAddress SERVER = new ServerAddress("127.0.0.1", 2181);

    /** What {@code conf} answers on a member of a 3.9 quorum. */
    private static final String CONF = """
            clientPort=2181
            secureClientPort=-1
            dataDir=/var/zk/version-2
            dataDirSize=67108880
            dataLogDir=/var/zk/version-2
            dataLogSize=67108880
            tickTime=2000
            maxClientCnxns=60
            minSessionTimeout=4000
            maxSessionTimeout=40000
            clientPortListenBacklog=-1
            serverId=1
            initLimit=10
            syncLimit=5
            electionAlg=3
            electionPort=3888
            quorumPort=2888
            peerType=0
            membership:
            server.1=127.0.0.1:2888:3888:participant;0.0.0.0:2181
            version=0
            """;

    /** What the AdminServer's {@code configuration} command answers on a 3.9 server. */
    private static final String ADMIN = """
            {"client_port": 2181, "data_dir": "/var/zk/version-2", "data_log_dir": "/var/zk/version-2",
             "tick_time": 2000, "max_client_cnxns": 0, "min_session_timeout": 4000,
             "max_session_timeout": 40000, "server_id": 1, "client_port_listen_backlog": -1,
             "command": "configuration", "error": null}
            """;

    @Test
    void confGivesTheLimitPerClientAddress() {
        ServerConfig c = ServerConfig.fromConf(SERVER, CONF);

        assertThat(c.maxClientCnxns()).isEqualTo(60);
        assertThat(c.source()).isEqualTo("conf");
        assertThat(c.keys()).containsEntry("tickTime", "2000").containsEntry("serverId", "1");
    }

    @Test
    void confListsTheVotersOfTheEnsembleObserversLeftOut() {
        String quorum = CONF.replace("server.1=127.0.0.1:2888:3888:participant;0.0.0.0:2181\n", """
                server.1=127.0.0.1:2888:3888:participant;0.0.0.0:2181
                server.2=127.0.0.1:2889:3889:participant;0.0.0.0:2182
                server.3=127.0.0.1:2890:3890:participant;0.0.0.0:2183
                server.4=127.0.0.1:2891:3891:observer;0.0.0.0:2184
                """);

        assertThat(ServerConfig.fromConf(SERVER, quorum).voters()).isEqualTo(3);
        assertThat(ServerConfig.fromConf(SERVER, CONF).voters()).isEqualTo(1);
        assertThat(ServerConfig.fromConf(SERVER, "clientPort=2181\nmaxClientCnxns=60\n")
                        .voters())
                .as("a standalone server lists no membership")
                .isEqualTo(-1);
        assertThat(ServerConfig.fromConf(SERVER, quorum + "group.1=1:2:3\nweight.1=1\n")
                        .voters())
                .as("a hierarchical quorum is no plain majority")
                .isEqualTo(-1);
    }

    @Test
    void theAdminServerGivesTheSameSettingUnderItsOwnName() throws Exception {
        ServerConfig c =
                ServerConfig.fromAdmin(SERVER, "http://127.0.0.1:8080/commands", new ObjectMapper().readTree(ADMIN));

        assertThat(c.maxClientCnxns()).as("0: no limit").isZero();
        assertThat(c.source()).isEqualTo("admin http://127.0.0.1:8080/commands");
        assertThat(c.keys()).containsEntry("tickTime", "2000").doesNotContainKey("error");
    }

    @Test
    void aServerThatDoesNotSayIsUnknownNotUnlimited() {
        assertThat(ServerConfig.fromConf(SERVER, "clientPort=2181\n").maxClientCnxns())
                .isEqualTo(-1);
        assertThat(ServerConfig.fromConf(SERVER, "maxClientCnxns=many\n").maxClientCnxns())
                .isEqualTo(-1);
    }
}
