package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.stats.ServerState;
import dev.zkload.bench.stats.ServerStats;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.runner.result.EnsembleEvents;
import dev.zkload.runner.result.StepFleetData;
import dev.zkload.zk.connect.ServerAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnsembleEventWatchTest {
    private static final Instant T0 = Instant.parse("2026-11-25T15:00:00Z");
    private static final ServerAddress A = new ServerAddress("127.0.0.1", 2181, 8080);
    private static final ServerAddress B = new ServerAddress("127.0.0.1", 2182, 8081);

    @Test
    void aKilledLeaderReplacedByAnotherIsOneChange() {
        EnsembleEventWatch w = new EnsembleEventWatch(0);
        w.offer(List.of(leads(0, A), follows(0, B)));
        w.offer(List.of(leads(1, A), follows(1, B)));
        w.offer(List.of(down(2, A), looking(2, B)));
        w.offer(List.of(down(3, A), leads(3, B)));
        w.offer(List.of(down(4, A), leads(4, B)));
        EnsembleEvents e = w.events(1.0, fleet(3, 0));
        assertThat(e.leaderChanges()).isEqualTo(1);
        assertThat(e.leaderlessSec()).isEqualTo(1.0);
        assertThat(e.sessionsDisconnected()).isEqualTo(3);
        assertThat(e.sessionsExpired()).isZero();
        assertThat(e.unresponsiveSec())
                .as("the killed server's port refused from its first round down, and still does")
                .isEqualTo(Map.of(A.hostPort(), 2.0));
        assertThat(e.leaderBefore()).isEqualTo(A.hostPort());
        assertThat(e.leader()).as("the leader after the election").isEqualTo(B.hostPort());
        assertThat(e.servers()).isEqualTo(2);
        w.offer(List.of(down(5, A), looking(5, B)));
        assertThat(w.events(1.0, null).leader()).as("none leads at the end").isNull();
    }

    @Test
    void anElectionRightAtAStepsStartIsCountedInThatStep() {
        EnsembleEventWatch before = new EnsembleEventWatch(0);
        before.offer(List.of(leads(0, A), follows(0, B)));
        EnsembleEventWatch step = before.next();
        step.offer(List.of(down(1, A), leads(1, B)));
        assertThat(step.events(0, null).leaderChanges())
                .as("its first round already shows the new leader")
                .isEqualTo(1);
        assertThat(step.events(0, null).leaderBefore())
                .as("the leader the step before saw last")
                .isEqualTo(A.hostPort());
        assertThat(before.events(0, null).leaderChanges()).isZero();
    }

    @Test
    void aMissedRoundIsNoEventButAStallIs() {
        EnsembleEventWatch w = new EnsembleEventWatch(0);
        w.offer(List.of(leads(0, A), follows(0, B)));
        w.offer(List.of(leads(1, A), StatsSample.unresponsive(at(1), B, Duration.ofMillis(800))));
        w.offer(List.of(leads(2, A), follows(2, B)));
        assertThat(w.any())
                .as("one round missed, as a pause of the runner misses it")
                .isFalse();
        for (int s = 3; s <= 8; s++) {
            w.offer(List.of(leads(s, A), StatsSample.unresponsive(at(s), B, Duration.ofMillis(800))));
        }
        assertThat(w.any()).as("silent for 5 s").isTrue();
    }

    @Test
    void theSameServerLeadingAgainAfterATimeWithoutALeaderIsANewElection() {
        EnsembleEventWatch w = new EnsembleEventWatch(0);
        w.offer(List.of(leads(0, A), follows(0, B)));
        w.offer(List.of(looking(1, A), looking(1, B)));
        w.offer(List.of(leads(2, A), follows(2, B)));
        assertThat(w.events(1.0, null).leaderChanges()).isEqualTo(1);
    }

    @Test
    void aStalledServerIsSilentFromItsFirstUnansweredRoundToTheRoundThatHearsItAgain() {
        EnsembleEventWatch w = new EnsembleEventWatch(0);
        w.offer(List.of(leads(0, A), follows(0, B)));
        for (int s = 1; s <= 21; s++) {
            w.offer(List.of(leads(s, A), StatsSample.unresponsive(at(s), B, Duration.ofMillis(800))));
        }
        assertThat(w.events(0, null).unresponsiveSec()).as("still silent").containsEntry(B.hostPort(), 20.0);
        w.offer(List.of(leads(22, A), follows(22, B)));
        w.offer(List.of(leads(23, A), StatsSample.unresponsive(at(23), B, Duration.ofMillis(800))));
        w.offer(List.of(leads(24, A), follows(24, B)));
        EnsembleEvents e = w.events(0, null);
        assertThat(e.unresponsiveSec()).as("the longest silence").isEqualTo(Map.of(B.hostPort(), 21.0));
        assertThat(e.leaderChanges()).as("the leader stayed").isZero();
    }

    @Test
    void roundsThatCannotTellStartNoElection() {
        EnsembleEventWatch w = new EnsembleEventWatch(0);
        w.offer(List.of(leads(0, A), follows(0, B)));
        w.offer(List.of(StatsSample.unresponsive(at(1), A, Duration.ofMillis(800)), follows(1, B)));
        w.offer(List.of(leads(2, A), follows(2, B)));
        assertThat(w.events(0, null).leaderChanges()).isZero();
    }

    @Test
    void everyServerSilentAtOnceTellsNoElectionAndNoStallOfItsOwn() {
        // a starved runner or machine hears every server late at once: the same leader leads on
        EnsembleEventWatch w = new EnsembleEventWatch(0);
        w.offer(List.of(leads(0, A), follows(0, B)));
        for (int s = 1; s <= 6; s++) {
            w.offer(List.of(
                    StatsSample.unresponsive(at(s), A, Duration.ofMillis(800), true),
                    StatsSample.unresponsive(at(s), B, Duration.ofMillis(800), true)));
        }
        w.offer(List.of(leads(7, A), follows(7, B)));
        EnsembleEvents e = w.events(0, null);
        assertThat(e.leaderChanges()).isZero();
        assertThat(e.unresponsiveSec()).containsEntry(A.hostPort(), 6.0).containsEntry(B.hostPort(), 6.0);
        assertThat(e.silentAloneSec()).as("never while the other answered").isEmpty();
        assertThat(e.notServing()).isEmpty();
    }

    @Test
    void aServerSilentWhileAnotherAnsweredIsSilentAloneAndOneThatSaidItDidNotServeIsNamed() {
        EnsembleEventWatch w = new EnsembleEventWatch(0);
        w.offer(List.of(leads(0, A), follows(0, B)));
        for (int s = 1; s <= 8; s++) {
            w.offer(List.of(leads(s, A), StatsSample.unresponsive(at(s), B, Duration.ofMillis(800), true)));
        }
        w.offer(List.of(leads(9, A), looking(9, B)));
        EnsembleEvents e = w.events(0, null);
        assertThat(e.silentAloneSec()).isEqualTo(Map.of(B.hostPort(), 8.0));
        assertThat(e.notServing()).containsExactly(B.hostPort());
    }

    private static StepFleetData fleet(long disconnected, long expired) {
        return new StepFleetData(10, Map.of("disconnected", disconnected, "expired", expired), 0, 0, 0);
    }

    private static Instant at(int second) {
        return T0.plusSeconds(second);
    }

    private static StatsSample leads(int second, ServerAddress s) {
        return new StatsSample(at(second), s, stats(ServerState.LEADER), null);
    }

    private static StatsSample follows(int second, ServerAddress s) {
        return new StatsSample(at(second), s, stats(ServerState.FOLLOWER), null);
    }

    private static StatsSample looking(int second, ServerAddress s) {
        return new StatsSample(at(second), s, stats(ServerState.UNKNOWN), null);
    }

    private static StatsSample down(int second, ServerAddress s) {
        return new StatsSample(at(second), s, null, "connection refused", true);
    }

    private static ServerStats stats(ServerState state) {
        return new ServerStats(
                null, ServerStats.Source.FOUR_LETTER_WORD, "3.9.5", state, 5, 0, 0, 1, 0, 0, 0, 0, 0, 0, Map.of());
    }
}
