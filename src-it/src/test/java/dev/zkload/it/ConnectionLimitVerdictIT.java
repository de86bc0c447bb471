package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.it.testing.OneStepRamp;
import dev.zkload.it.testing.OneStepRamp.Phase;
import dev.zkload.it.testing.Quorums;
import dev.zkload.it.testing.RunnerProcess;
import dev.zkload.it.testing.Znodes;
import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * One fault, one verdict, for the servers' connection limit: a forked quorum of 3 whose {@code maxClientCnxns}
 * the plan fits (the preflight reads it and lets the run go), until another client on the runner's address takes
 * every connection left — in the step's registration, its settle or its measurement. Whatever the phase, the step
 * ends within seconds of the servers filling, their refusals counted, and the ramp stops with
 * {@code server-refused-connections} naming the limit, exit 1, leaving nothing under its root.
 *
 * <p>The phase is found as {@link OneStepRamp} finds it for {@link FaultVerdictIT} (the same plan of two domains
 * added 5 s apart). The
 * fault lasts from the test's first session on the servers to the closing of its last; the servers are full once
 * each closes a fresh connection unanswered, as a server past its limit does. One ensemble for the three runs.
 */
// ZooKeeper.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConnectionLimitVerdictIT {
    /** Above what two domains and zkload's own connections need on one server, however they spread. */
    private static final int LIMIT = 20;

    private static final Duration SETTLE = Duration.ofSeconds(20);

    /** A refusal is seen within two rounds of the statistics; the benchmark, cut, then removes its znodes. */
    private static final Duration ENDS_WITHIN = Duration.ofSeconds(10);

    /** Long enough for several rounds of the 1 Hz statistics to meet the full servers. */
    private static final Duration HOLD = Duration.ofSeconds(4);

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path tmp;

    private LocalEnsemble zk;
    private final StatsClient stats = new StatsClient(Duration.ofSeconds(2));
    private final Map<Phase, String> measured = new TreeMap<>();

    @BeforeAll
    void startEnsemble() throws Exception {
        zk = Quorums.ofThree().zooCfg("maxClientCnxns", Integer.toString(LIMIT)).build();
        zk.start();
    }

    @AfterAll
    void stopEnsemble() {
        // the row docs/verdict.md gives, as this run measured it
        measured.forEach((phase, v) -> System.out.println("fault verdict | maxClientCnxns met | " + phase + " | " + v));
        zk.close();
    }

    @ParameterizedTest(name = "the servers full during {0}")
    @EnumSource(Phase.class)
    void fullServersGetTheSameVerdictInEveryPhaseAndLeaveNothingBehind(Phase phase) throws Exception {
        Path out = tmp.resolve(phase.toString());
        try (RunnerProcess ramp = OneStepRamp.start(tmp, zk.connectString(), SETTLE, SETTLE.plusSeconds(12), out);
                ZooKeeper observer = ZkClients.connect(zk.connectString())) {
            String root = ramp.awaitRoot(out);
            OneStepRamp.awaitPhase(phase, observer, root, SETTLE);
            // the limit bites from the first server that fills, before the last one does
            Instant filling = Instant.now();
            Instant allFull;
            try (Occupied occupied = new Occupied(zk.servers(), LIMIT + 1)) {
                allFull = awaitFull();
                // a registration meets the limit with sessions that cannot connect: held until the ramp gives up
                Instant until = phase == Phase.REGISTRATION ? Instant.MAX : allFull.plus(HOLD);
                await().atMost(phase == Phase.REGISTRATION ? Timeouts.seconds(120) : HOLD.plusSeconds(5))
                        .until(() -> !ramp.process().isAlive() || !Instant.now().isBefore(until));
            }
            Instant freed = Instant.now();
            int exit = ramp.awaitExit(Timeouts.seconds(180));

            JsonNode summary = RunnerProcess.json(out.resolve("summary.json"));
            List<JsonNode> steps = RunnerProcess.jsonLines(out.resolve("steps.jsonl"));
            assertThat(steps).as(ramp.output()).isNotEmpty();
            JsonNode step = steps.get(steps.size() - 1);
            measured.put(phase, measuredRow(steps, summary, exit, filling, allFull, freed));

            assertThat(exit).as(ramp.output()).isEqualTo(1);
            assertThat(summary.path("stopReason").asText()).as(ramp.output()).isEqualTo("server-refused-connections");
            assertThat(summary.path("message").asText())
                    .as("the servers named with the limit the preflight read")
                    .contains("maxClientCnxns=" + LIMIT)
                    .contains("at 2 domains");
            assertThat(summary.path("saturationObservable").asBoolean()).isFalse();
            assertThat(ramp.out())
                    .contains("Stopped: server-refused-connections")
                    .doesNotContain("cannot-add-domains");
            // the step is recorded in every phase, a registration cut short by the limit included
            assertThat(steps).as(ramp.output()).hasSize(2);
            assertThat(step.path("verdict").asText()).isEqualTo("server-limit");
            assertThat(step.at("/ensembleEvents/connectionsRefused").size())
                    .as("the refusals counted per server: %s", step.path("ensembleEvents"))
                    .isPositive();
            assertThat(ramp.out())
                    .as("the step's console line names the refusals")
                    .containsPattern("— SERVER-LIMIT \\(.*refused \\d+ connections?");
            if (phase == Phase.REGISTRATION) {
                assertThat(OneStepRamp.phaseOf(step, filling))
                        .as("the servers filling from %s, while the domains registered: %s", filling, step)
                        .isEqualTo(phase);
                assertThat(summary.path("qualifications").toString())
                        .as("no load settled: said so, and not blamed on unanswered statistics")
                        .contains("ended while its domains registered")
                        .doesNotContain("unanswered");
            } else {
                assertThat(OneStepRamp.phaseOf(step, filling))
                        .as("the servers filling from %s, within the phase: %s", filling, step)
                        .isEqualTo(phase);
                assertThat(Duration.between(
                                allFull, Instant.parse(step.path("endTime").asText())))
                        .as(
                                "the step ended within seconds of the servers filling, not after its settle and"
                                        + " measurement: %s",
                                step)
                        .isLessThan(ENDS_WITHIN);
            }
            assertThat(Znodes.tree(observer, root))
                    .as("the ramp removed everything")
                    .isEmpty();
        }
    }

    /** The verdict and when the servers were full, against the step's phases. */
    private static String measuredRow(
            List<JsonNode> steps, JsonNode summary, int exit, Instant filling, Instant allFull, Instant freed) {
        JsonNode step = steps.get(steps.size() - 1);
        Instant began = Instant.parse(step.path("startTime").asText());
        return step.path("verdict").asText() + " | servers filling or full from " + seconds(began, filling) + " to "
                + seconds(began, freed) + " after the step began, its phases " + step.path("phases") + ", it ended "
                + seconds(allFull, Instant.parse(step.path("endTime").asText())) + " after all were full, refusals "
                + step.at("/ensembleEvents/connectionsRefused") + " | "
                + summary.path("stopReason").asText() + " | exit " + exit + " | "
                + summary.path("message").asText();
    }

    private static String seconds(Instant from, Instant to) {
        return String.format(Locale.ROOT, "%.1f s", Duration.between(from, to).toMillis() / 1000.0);
    }

    /** When every server closes a fresh connection unanswered, as a server past its limit does. */
    private Instant awaitFull() {
        await().atMost(Timeouts.seconds(30))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> zk.servers().stream().allMatch(stats::closesConnections));
        return Instant.now();
    }

    /**
     * Every server held at its limit by another client on this runner's address: more sessions than the limit,
     * each to one server. Those that get no connection keep trying, so a connection the runner lets go is taken
     * again within a second.
     */
    private static final class Occupied implements AutoCloseable {
        private final List<ZooKeeper> sessions = new ArrayList<>();

        Occupied(List<ServerAddress> servers, int perServer) throws IOException {
            for (ServerAddress server : servers) {
                for (int i = 0; i < perServer; i++) {
                    sessions.add(new ZooKeeper(server.hostPort(), 30_000, e -> {}));
                }
            }
        }

        /** All at once: one by one, the 63 sessions took 7 s to close, longer than a phase has left. */
        @Override
        public void close() throws InterruptedException {
            ExecutorService pool = Executors.newFixedThreadPool(sessions.size());
            try {
                List<Callable<Void>> closes = new ArrayList<>();
                for (ZooKeeper s : sessions) {
                    closes.add(() -> {
                        s.close();
                        return null;
                    });
                }
                pool.invokeAll(closes);
            } finally {
                pool.shutdown();
            }
        }
    }
}
