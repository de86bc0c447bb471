package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConnectionLimitsTest {

    @Test
    void theServersOfAConnectStringWithoutItsChroot() {
        assertThat(ConnectionLimits.servers("zk1:2181,zk2,[::1]:2182/saturn/prod"))
                .extracting(ServerAddress::hostPort)
                .containsExactly("zk1:2181", "zk2:2181", "[::1]:2182");
    }

    @Test
    void anAddIsRefusedOnlyWhenEveryLimitIsKnownAndTogetherTheyCannotTakeItsSessions() {
        Map<String, Long> limits = new LinkedHashMap<>();
        limits.put("zk1:2181", 60L);
        limits.put("zk2:2181", 40L);
        assertThat(ConnectionLimits.refusal(limits, 100, "adding 20 domains")).isNull();
        assertThat(ConnectionLimits.refusal(limits, 101, "adding 20 domains"))
                .isEqualTo("adding 20 domains would hold 101 sessions from this address (its domains' and its"
                        + " control session), more than the 100 the 2 servers take together (zk2:2181 takes at most"
                        + " 40, maxClientCnxns=40); add fewer domains, set maxClientCnxns=0 (no limit) in the zoo.cfg"
                        + " of every server and restart them, or spread the domains over fleets on other machines");
        limits.put("zk3:2181", -1L);
        assertThat(ConnectionLimits.refusal(limits, 1000, "adding"))
                .as("one limit unknown")
                .isNull();
        limits.put("zk3:2181", 0L);
        assertThat(ConnectionLimits.refusal(limits, 1000, "adding"))
                .as("one server without a limit")
                .isNull();
        assertThat(ConnectionLimits.refusal(Map.of(), 1000, "adding")).isNull();
    }

    @Test
    void aServerThatDoesNotAnswerHasNoKnownLimitAndIsNotTakenForAFullOne() throws IOException {
        int nobody;
        try (ServerSocket s = new ServerSocket(0)) {
            nobody = s.getLocalPort();
        }
        assertThat(ConnectionLimits.read("127.0.0.1:" + nobody)).containsEntry("127.0.0.1:" + nobody, -1L);
        assertThat(ConnectionLimits.closingUnanswered("127.0.0.1:" + nobody)).isEmpty();
    }
}
