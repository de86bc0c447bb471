package dev.zkload.runner.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.zk.connect.ServerAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConnectionDemandTest {
    private static final ServerAddress A = new ServerAddress("127.0.0.1", 2181);
    private static final ServerAddress B = new ServerAddress("127.0.0.1", 2182);
    private static final ServerAddress C = new ServerAddress("127.0.0.1", 2183);

    /** --domains 40 --step 10 of the default model (5 sessions a domain), one runner. */
    private static final ConnectionDemand FORTY = new ConnectionDemand(
            5,
            List.of(
                    new ConnectionDemand.Step(10, 10, 50),
                    new ConnectionDemand.Step(20, 20, 100),
                    new ConnectionDemand.Step(30, 30, 150),
                    new ConnectionDemand.Step(40, 40, 200)));

    @Test
    void oneServerTakesEverySessionAndThePinnedConnections() {
        ConnectionDemand.Step ten = FORTY.steps().get(0);

        assertThat(FORTY.sessions(ten)).isEqualTo(10 * 5 + ConnectionDemand.OWN_SESSIONS);
        assertThat(FORTY.perServer(ten, 1)).isEqualTo(52 + ConnectionDemand.PINNED);
    }

    @Test
    void threeServersMustFitTheBinomialSpreadNotTheMean() {
        ConnectionDemand.Step thirty = FORTY.steps().get(2);
        // 152 sessions over 3 servers: 50.7 on average, 50.7 + 3 × sqrt(152 × 1/3 × 2/3) = 68.1 at the margin
        assertThat(FORTY.perServer(thirty, 3)).isEqualTo(69 + ConnectionDemand.PINNED);
    }

    @Test
    void theDefaultLimitRefusesFortyDomainsOnAStandaloneServerAtTheStepWhereItBites() {
        String refusal = ServerLimits.refusal(Map.of(A, 60L), FORTY).orElseThrow();

        assertThat(refusal)
                .startsWith("127.0.0.1:2181 takes at most 60 connections from one client address (maxClientCnxns=60)")
                .contains("needs up to 105 on one server from this runner at 20 domains of its 40")
                .contains("100 simulated sessions (5 a domain) and 2 of zkload's own")
                .contains("set maxClientCnxns=0 (no limit) in the zoo.cfg of every server")
                .contains("--shard i/N over N runners on as many machines or addresses")
                .doesNotContain("\n");
    }

    @Test
    void aQuorumIsRefusedWhereItsLowestLimitBites() {
        Map<ServerAddress, Long> limits = new LinkedHashMap<>();
        limits.put(A, 60L);
        limits.put(B, 0L);
        limits.put(C, 60L);

        assertThat(ServerLimits.refusal(limits, FORTY).orElseThrow())
                .startsWith("127.0.0.1:2181 takes at most 60")
                .contains("at 30 domains of its 40")
                .contains("spread at random over 3 servers");
    }

    @Test
    void unlimitedOrUnknownLimitsAndPlansThatFitPass() {
        assertThat(ServerLimits.refusal(Map.of(A, 0L), FORTY)).isEmpty();
        assertThat(ServerLimits.refusal(Map.of(A, -1L), FORTY)).isEmpty();
        assertThat(ServerLimits.refusal(Map.of(A, 205L), FORTY)).isEmpty();
        assertThat(ServerLimits.refusal(Map.of(A, 204L), FORTY)).isPresent();
    }

    @Test
    void aMixCountsItsDomainsSessionsAndSaysTheyDiffer() {
        // 20 domains of an 80/20 mix of 3 and 8 sessions: 16 × 3 + 4 × 8, not 20 of the largest
        ConnectionDemand mix = new ConnectionDemand(8, List.of(new ConnectionDemand.Step(20, 20, 80)));
        ConnectionDemand.Step twenty = mix.steps().get(0);

        assertThat(mix.sessions(twenty)).isEqualTo(80 + ConnectionDemand.OWN_SESSIONS);
        assertThat(ServerLimits.refusal(Map.of(A, 85L), mix)).isEmpty();
        assertThat(ServerLimits.refusal(Map.of(A, 84L), mix).orElseThrow())
                .contains("80 simulated sessions (up to 8 a domain, each kind of the mix by its share)");
    }

    @Test
    void aShardCountsOnlyItsOwnShareOfTheDomains() {
        ConnectionDemand half = new ConnectionDemand(5, List.of(new ConnectionDemand.Step(40, 20, 100)));

        assertThat(ServerLimits.refusal(Map.of(A, 105L), half)).isEmpty();
        assertThat(ServerLimits.refusal(Map.of(A, 104L), half).orElseThrow())
                .contains("at 40 domains (this runner's 20) of its 40");
    }
}
