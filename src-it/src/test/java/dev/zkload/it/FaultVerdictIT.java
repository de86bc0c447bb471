package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.it.testing.OneStepRamp;
import dev.zkload.it.testing.OneStepRamp.Phase;
import dev.zkload.it.testing.Quorums;
import dev.zkload.it.testing.RunnerProcess;
import dev.zkload.it.testing.Signals;
import dev.zkload.it.testing.Znodes;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One fault, one verdict: the ramp, as a process against a real forked quorum of 3, meets each fault
 * in each phase of a step (its domains registering, the load settling, the measurement) and gives the
 * same verdict and stop reason whatever the phase, then leaves nothing under its root. The faults are
 * injected by PID: SIGKILL of the leader (restarted once a new one leads), and SIGSTOP of a follower
 * for longer than the simulated sessions' 20 s timeout (then SIGCONT).
 *
 * <p>One ensemble for all the runs (six with {@code -Pattribution-matrix}, three in every verify), healed after each: a run is one step of two domains, registered
 * 5 s apart so that the registration lasts long enough to be hit. Only a fault meant for the settle needs a
 * long settle to land in; the other runs settle briefly, and each step lasts as long past its settle as the
 * fault needs to be seen.
 */
// ZooKeeper.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FaultVerdictIT {
    /** Longer than the simulated sessions' 20 s timeout: the stalled server's sessions must move or expire. */
    private static final Duration STALL = Duration.ofSeconds(22);

    /**
     * The settle a fault meant for it lands in: the fault comes halfway through, and a busy machine moves that
     * moment by seconds (at 10 s, one landed in the measurement).
     */
    private static final Duration SETTLE = Duration.ofSeconds(16);

    /** The settle of the runs whose fault is meant for the registration or the measurement: its length is not theirs. */
    private static final Duration BRIEF_SETTLE = Duration.ofSeconds(4);

    /** The faults, each with the verdict (and stop reason) it gets in every phase. */
    enum Fault {
        LEADER_KILLED("SIGKILL + restart of the leader", "disturbed", Duration.ofSeconds(5)),
        FOLLOWER_STALLED("SIGSTOP of a follower for 22 s", "disturbed", Duration.ofSeconds(27));

        final String description;
        final String verdict;
        /**
         * How long the step's load is observed past its settle: long enough to see the fault's consequences when it
         * comes at its latest, half a second into the measurement (an election; the whole 22 s of a stall, and 4 s
         * more).
         */
        final Duration pastSettle;

        Fault(String description, String verdict, Duration pastSettle) {
            this.description = description;
            this.verdict = verdict;
            this.pastSettle = pastSettle;
        }
    }

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path tmp;

    private LocalEnsemble zk;
    private final Map<String, String> measured = new TreeMap<>();
    private final List<Long> stopped = new ArrayList<>();

    @BeforeAll
    void startEnsemble() throws Exception {
        zk = Quorums.ofThree().build();
        zk.start();
    }

    @AfterAll
    void stopEnsemble() {
        // the table docs/verdict.md gives, as this run measured it
        measured.forEach((k, v) -> System.out.println("fault verdict | " + k + " | " + v));
        zk.close();
    }

    @AfterEach
    void heal() throws Exception {
        for (long pid : stopped) {
            Signals.send("CONT", pid);
        }
        stopped.clear();
        for (int id = 1; id <= 3; id++) {
            if (!zk.isRunning(id)) {
                zk.restart(id);
            }
        }
        await().atMost(Timeouts.seconds(60)).until(() -> zk.leader() > 0);
    }

    /**
     * Every fault in every phase with {@code -Pattribution-matrix} (about 5 min); in every verify, three of the six
     * (about 2.5 min): each fault once, each phase once.
     */
    static Stream<Arguments> faultsAndPhases() {
        if ("full".equals(System.getProperty("zkload.matrix", "ci"))) {
            return Stream.of(Fault.values())
                    .flatMap(f -> Stream.of(Phase.values()).map(p -> Arguments.of(f, p)));
        }
        return Stream.of(
                Arguments.of(Fault.LEADER_KILLED, Phase.REGISTRATION),
                Arguments.of(Fault.FOLLOWER_STALLED, Phase.SETTLE),
                Arguments.of(Fault.LEADER_KILLED, Phase.MEASUREMENT));
    }

    @ParameterizedTest(name = "{0} during {1}")
    @MethodSource("faultsAndPhases")
    void aFaultGetsTheSameVerdictInEveryPhaseAndLeavesNothingBehind(Fault fault, Phase phase) throws Exception {
        Path out = tmp.resolve(fault + "-" + phase);
        // the settle is long only where the fault must land in it
        Duration settle = phase == Phase.SETTLE ? SETTLE : BRIEF_SETTLE;
        try (RunnerProcess ramp =
                        OneStepRamp.start(tmp, zk.connectString(), settle, settle.plus(fault.pastSettle), out);
                ZooKeeper observer = ZkClients.connect(zk.connectString())) {
            String root = ramp.awaitRoot(out);
            Instant faultAt = OneStepRamp.awaitPhase(phase, observer, root, settle);
            inject(fault);

            int exit = ramp.awaitExit(Timeouts.seconds(300));
            JsonNode summary = RunnerProcess.json(out.resolve("summary.json"));
            List<JsonNode> steps = RunnerProcess.jsonLines(out.resolve("steps.jsonl"));
            assertThat(steps).as(ramp.output()).hasSize(2);
            JsonNode step = steps.get(1);
            measured.put(
                    fault.description + " | " + phase,
                    step.path("verdict").asText() + " | "
                            + summary.path("stopReason").asText() + " | "
                            + summary.path("message").asText());

            assertThat(OneStepRamp.phaseOf(step, faultAt))
                    .as("the fault hit the phase it was meant for: %s", step)
                    .isEqualTo(phase);
            assertThat(exit).as(ramp.output()).isZero();
            assertThat(step.path("verdict").asText()).as(ramp.output()).isEqualTo(fault.verdict);
            assertThat(summary.path("stopReason").asText()).isEqualTo(fault.verdict);
            assertThat(summary.path("saturationObservable").asBoolean())
                    .as("the fault was measured, not the load, in every phase")
                    .isFalse();
            assertThat(step.path("generatorBound").asBoolean())
                    .as("a server's fault is never the runner's: %s", step.path("generator"))
                    .isFalse();
            assertThat(step.path("sessions").asInt())
                    .as("the fleet holds the step's 2 domains of 5 sessions, a cut chunk not added twice: %s", step)
                    .isEqualTo(10);
            JsonNode events = step.path("ensembleEvents");
            if (fault == Fault.LEADER_KILLED) {
                assertThat(events.path("leaderChanges").asInt())
                        .as("%s", events)
                        .isPositive();
            } else {
                assertThat(events.path("unresponsiveSec").elements())
                        .as("%s", events)
                        .toIterable()
                        .anyMatch(sec -> sec.asDouble() >= 15);
            }
            assertThat(Znodes.tree(observer, root))
                    .as("the ramp removed everything")
                    .isEmpty();
        }
    }

    private void inject(Fault fault) throws Exception {
        int leader = zk.leader();
        assertThat(leader).as("a leader before the fault").isPositive();
        if (fault == Fault.LEADER_KILLED) {
            zk.kill(leader);
            await().atMost(Timeouts.seconds(30)).until(() -> zk.leader() > 0);
            zk.restart(leader);
            return;
        }
        long pid = zk.processStats(leader % 3 + 1).pid();
        Signals.send("STOP", pid);
        stopped.add(pid);
        // the fault is the time itself: a follower stalled this long, then going on as if nothing happened
        Instant resume = Instant.now().plus(STALL);
        await().atMost(STALL.plusSeconds(5)).until(() -> !Instant.now().isBefore(resume));
        Signals.send("CONT", pid);
        stopped.remove(pid);
    }
}
