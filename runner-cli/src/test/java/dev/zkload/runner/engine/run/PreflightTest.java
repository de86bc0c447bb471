package dev.zkload.runner.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.stats.MetricAccess;
import dev.zkload.bench.stats.ServerState;
import dev.zkload.zk.connect.ServerAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The preflight's sentence names the source of statistics that failed, and the fix that goes with it. */
class PreflightTest {
    private static final ServerAddress SERVER = new ServerAddress("127.0.0.1", 2181);
    private static final String NO_ADMIN =
            "no AdminServer answers at http://127.0.0.1:8080/commands/server_stats" + " (connection refused)";

    @Test
    void wordsWhoseConnectionWasClosedAreNotCalledNotWhitelisted() {
        MetricAccess closed = new MetricAccess(
                SERVER,
                List.of(),
                "srvr over the client port failed: the server closed the connection without answering",
                "http://127.0.0.1:8080/commands",
                NO_ADMIN,
                null,
                null,
                ServerState.UNKNOWN);

        assertThat(Preflight.noMetrics(List.of(closed)))
                .startsWith("127.0.0.1:2181 does not give zkload the statistics a capacity run reads: srvr over the"
                        + " client port failed: the server closed the connection without answering, and " + NO_ADMIN
                        + ". Let the four-letter words' connections through (maxClientCnxns, a firewall), or enable"
                        + " the AdminServer")
                .doesNotContain("whitelist");
    }

    @Test
    void refusedWordsAreNamedWithTheWhitelistLineThatFixesThem() {
        MetricAccess refused = new MetricAccess(
                SERVER,
                List.of("mntr", "cons"),
                null,
                "http://127.0.0.1:8080/commands",
                NO_ADMIN,
                null,
                "3.9.4",
                ServerState.STANDALONE);

        assertThat(Preflight.noMetrics(List.of(refused)))
                .contains("\"mntr\" and \"cons\" are not in 4lw.commands.whitelist, and " + NO_ADMIN
                        + ". Add the line \"4lw.commands.whitelist=srvr,mntr,cons,conf\" to its zoo.cfg");
    }
}
