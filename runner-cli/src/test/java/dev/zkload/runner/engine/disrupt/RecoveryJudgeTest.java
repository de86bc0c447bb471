package dev.zkload.runner.engine.disrupt;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecoveryJudgeTest {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final Moment.Baseline BEFORE = new Moment.Baseline(290, 11_000);

    /** A round {@code ms} after the fault: healthy unless told otherwise. */
    private static Moment at(long ms, boolean leads, int answering, long connected, long ephemerals, long watches) {
        return lost(ms, leads, answering, connected, 0, ephemerals, watches);
    }

    /** A round with {@code lost} sessions' losses counted so far. */
    private static Moment lost(
            long ms, boolean leads, int answering, long connected, long lost, long ephemerals, long watches) {
        return new Moment(
                T0.plusMillis(ms),
                leads,
                answering == 0,
                answering,
                3,
                connected,
                10,
                lost,
                ephemerals,
                watches,
                0,
                0,
                0);
    }

    private static Moment healthy(long ms) {
        return at(ms, true, 3, 10, 291, 11_000);
    }

    private static RecoveryJudge judge(long faultMs) {
        return new RecoveryJudge(T0, T0.plusMillis(faultMs), BEFORE, Duration.ofSeconds(2));
    }

    @Test
    void aRestartedFollowerIsRecoveredWhenItAnswersAgainAndSessionsCountFromTheirOwnReturn() {
        List<Moment> rounds = new ArrayList<>();
        rounds.add(at(0, true, 2, 6, 291, -1));
        rounds.add(at(500, true, 2, 8, 291, -1));
        for (long ms = 1000; ms < 8000; ms += 500) {
            rounds.add(at(ms, true, 2, 10, 291, -1)); // sessions back; the server still starting
        }
        for (long ms = 8000; ms <= 11_000; ms += 500) {
            rounds.add(healthy(ms));
        }
        RecoveryJudge.Recovery r = judge(7_900).judge(rounds);
        assertThat(r.sessionsBack()).isEqualTo(Duration.ofSeconds(1));
        assertThat(r.footprintBack()).isEqualTo(Duration.ofSeconds(8));
        assertThat(r.recovered()).isEqualTo(Duration.ofSeconds(8));
        assertThat(r.leaderless()).isEqualTo(Duration.ZERO);
    }

    @Test
    void recoveryWaitsForTheHoldAndARelapseStartsItAgain() {
        List<Moment> rounds = new ArrayList<>(List.of(healthy(1000), healthy(1500), healthy(2000)));
        assertThat(judge(1000).judge(rounds).recovered())
                .as("healthy for 1 s of the 2 s hold")
                .isNull();
        rounds.add(at(2500, true, 3, 9, 291, 11_000)); // a session drops again
        rounds.add(healthy(3000));
        rounds.add(healthy(4500));
        assertThat(judge(1000).judge(rounds).recovered()).isNull();
        rounds.add(healthy(5000));
        assertThat(judge(1000).judge(rounds).recovered()).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void sessionsLostAndBackBetweenTwoRoundsAreBackFromTheRoundThatCountedTheirLoss() {
        // a stalled follower for 24 s: its clients give it up after 13 s and are on the others within a second,
        // between two rounds: every round counts all 10 connected, only the count of losses moves
        List<Moment> rounds = new ArrayList<>();
        for (long ms = 0; ms <= 30_000; ms += 1000) {
            long lostSoFar = ms < 14_000 ? 0 : 3;
            rounds.add(lost(ms, true, ms < 24_000 ? 2 : 3, 10, lostSoFar, 291, ms < 24_000 ? -1 : 11_000));
        }
        RecoveryJudge.Recovery r = judge(24_000).judge(rounds);
        assertThat(r.sessionsBack()).isEqualTo(Duration.ofSeconds(14));
        assertThat(r.recovered()).isEqualTo(Duration.ofSeconds(24));

        List<Moment> lateLoss = new ArrayList<>(rounds.subList(0, 25)); // up to 24 s
        for (long ms = 25_000; ms <= 30_000; ms += 1000) {
            lateLoss.add(lost(ms, true, 3, 10, 4, 291, 11_000)); // one more lost and back before 25 s
        }
        RecoveryJudge.Recovery late = judge(24_000).judge(lateLoss);
        assertThat(late.recovered())
                .as("the hold starts again at the round that counted the new loss")
                .isEqualTo(Duration.ofSeconds(25));
        assertThat(late.sessionsBack()).isEqualTo(Duration.ofSeconds(25));
        assertThat(late.footprintBack()).as("a lost session's ephemerals stay").isEqualTo(Duration.ofSeconds(24));
    }

    @Test
    void aLossIsCountedAcrossASilentRoundAndOnTheRoundThatWouldHaveEndedTheHold() {
        List<Moment> rounds = new ArrayList<>(List.of(
                lost(1000, true, 3, 10, 0, 291, 11_000),
                lost(2000, false, 0, 10, 0, -1, -1), // silent: the machine paused, while a session was lost
                lost(3000, true, 3, 10, 1, 291, 11_000),
                lost(4000, true, 3, 10, 1, 291, 11_000)));
        assertThat(judge(1000).judge(rounds).sessionsBack())
                .as("the loss is counted by the next round heard")
                .isNull();
        rounds.add(lost(5000, true, 3, 10, 2, 291, 11_000)); // lost again on the round that ends the 2 s
        assertThat(judge(1000).judge(rounds).sessionsBack()).isNull();
        rounds.add(lost(7000, true, 3, 10, 2, 291, 11_000));
        assertThat(judge(1000).judge(rounds).sessionsBack()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void theFootprintMustBeBackToTheLeastItHeldBeforeTheFault() {
        List<Moment> rounds = new ArrayList<>();
        for (long ms = 1000; ms <= 4000; ms += 500) {
            rounds.add(at(ms, true, 3, 10, 250, 11_000)); // expired sessions' ephemerals not yet registered again
        }
        for (long ms = 4500; ms <= 7000; ms += 500) {
            rounds.add(at(ms, true, 3, 10, 290, 10_990));
        }
        RecoveryJudge.Recovery r = judge(1000).judge(rounds);
        assertThat(r.sessionsBack()).isEqualTo(Duration.ofSeconds(1));
        assertThat(r.footprintBack()).as("watches still short").isNull();
        assertThat(r.recovered()).isNull();
    }

    @Test
    void timeWithoutALeaderRunsFromEachLeaderlessRoundToTheNext() {
        List<Moment> rounds = List.of(
                healthy(0),
                at(500, false, 2, 10, 291, -1),
                at(1000, false, 1, 10, -1, -1),
                at(1700, true, 2, 10, 291, -1),
                healthy(2200),
                at(2700, false, 3, 10, -1, 11_000));
        assertThat(RecoveryJudge.leaderless(rounds)).isEqualTo(Duration.ofMillis(1200));
    }

    @Test
    void aRoundNoServerAnsweredSaysNothingSoItNeitherBreaksARecoveryNorCountsAsLeaderless() {
        List<Moment> rounds = List.of(
                healthy(1000),
                healthy(2000),
                at(3000, false, 0, 10, -1, -1), // the machine paused: every server missed the deadline
                healthy(4000));
        assertThat(judge(1000).judge(rounds).recovered()).isEqualTo(Duration.ofSeconds(1));
        assertThat(RecoveryJudge.leaderless(rounds)).isZero();
    }

    @Test
    void roundsBeforeTheFaultDoNotCount() {
        List<Moment> rounds = List.of(
                new Moment(T0.minusMillis(3000), true, false, 3, 3, 10, 10, 0, 291, 11_000, 0, 0, 0),
                healthy(0),
                healthy(2000),
                healthy(2500));
        assertThat(judge(500).judge(rounds).recovered()).isEqualTo(Duration.ZERO);
    }
}
