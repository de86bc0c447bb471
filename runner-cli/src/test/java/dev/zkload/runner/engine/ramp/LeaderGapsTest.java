package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.stats.ServerState;
import dev.zkload.bench.stats.ServerStats;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.zk.connect.ServerAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class LeaderGapsTest {
    private static final Instant T0 = Instant.parse("2026-11-22T20:00:00Z");

    @Test
    void anElectionIsAShortGapThatEnds() {
        LeaderGaps gaps = new LeaderGaps(0);
        gaps.offer(round(0, true));
        gaps.offer(round(1, false));
        gaps.offer(round(2, false));
        assertThat(gaps.current(at(3))).isEqualTo(Duration.ofSeconds(2));
        gaps.offer(round(3, true));
        assertThat(gaps.current(at(4))).isZero();
        assertThat(gaps.longestAndReset(at(4))).isEqualTo(Duration.ofSeconds(2));
        assertThat(gaps.longestAndReset(at(5))).as("reset").isZero();
    }

    @Test
    void aLostQuorumIsAGapThatGoesOnIntoTheNextStep() {
        LeaderGaps gaps = new LeaderGaps(0);
        gaps.offer(round(0, true));
        gaps.offer(round(10, false));
        gaps.offer(round(11, false));
        assertThat(gaps.longestAndReset(at(25))).isEqualTo(Duration.ofSeconds(15));
        gaps.offer(round(26, false));
        assertThat(gaps.longestAndReset(at(40)))
                .as("counted from the previous step's end")
                .isEqualTo(Duration.ofSeconds(15));
    }

    @Test
    void serversThatAreUpButGiveNoStatisticsAreNotALostQuorum() {
        LeaderGaps gaps = new LeaderGaps(0);
        gaps.offer(round(0, true));
        for (int s = 1; s <= 40; s++) {
            gaps.offer(List.of(new StatsSample(at(s), SERVER, null, "no AdminServer answers", false)));
        }
        assertThat(gaps.current(at(41))).isZero();
        assertThat(gaps.longestAndReset(at(41))).isZero();
    }

    @Test
    void aGapStopsGrowingWhenTheRoundsCanNoLongerTell() {
        LeaderGaps gaps = new LeaderGaps(0);
        gaps.offer(round(0, true));
        gaps.offer(round(1, false));
        gaps.offer(round(4, false));
        gaps.offer(List.of(new StatsSample(at(5), SERVER, null, "timed out", false)));
        assertThat(gaps.current(at(60)))
                .as("seen leaderless from 1 to 4 s, then blind")
                .isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void aHungMajorityIsALostQuorum() {
        // two of three servers stopped (SIGSTOP): their client ports take no answer; the third no longer serves
        LeaderGaps gaps = new LeaderGaps(0);
        EnsembleEventWatch events = new EnsembleEventWatch(0);
        List<StatsSample> healthy = quorumServing(0);
        gaps.offer(healthy);
        events.offer(healthy);
        for (int s = 1; s <= 25; s++) {
            List<StatsSample> round = List.of(
                    StatsSample.unresponsive(at(s), SERVER, Duration.ofMillis(800), true),
                    new StatsSample(at(s), SECOND, null, "Read timed out", false, true, true),
                    new StatsSample(at(s), THIRD, stats(ServerState.UNKNOWN), null));
            gaps.offer(round);
            events.offer(round);
        }
        assertThat(gaps.current(at(25))).isEqualTo(Duration.ofSeconds(24));
        assertThat(gaps.current(at(25))).isGreaterThanOrEqualTo(StopRules.LEADERLESS_LIMIT);
        assertThat(events.any()).isTrue();
    }

    @Test
    void twoOfThreeVotersNotServingAreNoLeaderWhateverTheThirdsSilenceHides() {
        // a SIGKILLed leader's port gives no answer for seconds before it refuses; its followers already look for
        // a new one: knowing the ensemble has three voters, the two that tell are enough
        LeaderGaps knowing = new LeaderGaps(3);
        LeaderGaps blind = new LeaderGaps(0);
        EnsembleEventWatch events = new EnsembleEventWatch(3);
        List<StatsSample> healthy = quorumServing(0);
        List.of(knowing, blind).forEach(g -> g.offer(healthy));
        events.offer(healthy);
        for (int s = 1; s <= 5; s++) {
            List<StatsSample> round = List.of(
                    StatsSample.unresponsive(at(s), SERVER, Duration.ofMillis(800), false),
                    new StatsSample(at(s), SECOND, stats(ServerState.UNKNOWN), null),
                    new StatsSample(at(s), THIRD, stats(ServerState.UNKNOWN), null));
            List.of(knowing, blind).forEach(g -> g.offer(round));
            events.offer(round);
        }
        assertThat(knowing.current(at(5))).isEqualTo(Duration.ofSeconds(4));
        assertThat(blind.current(at(5)))
                .as("without the voters, the silent server might be a leader with a quorum elsewhere")
                .isZero();
        assertThat(events.any()).as("the leader was lost").isTrue();
        List<StatsSample> oneNotServing = List.of(
                StatsSample.unresponsive(at(6), SERVER, Duration.ofMillis(800), false),
                new StatsSample(at(6), SECOND, null, "no AdminServer answers (timed out)", false, true, false),
                new StatsSample(at(6), THIRD, stats(ServerState.UNKNOWN), null));
        LeaderGaps one = new LeaderGaps(3);
        one.offer(healthy);
        one.offer(oneNotServing);
        assertThat(one.current(at(7)))
                .as("one of three not serving leaves a quorum possible")
                .isZero();
    }

    @Test
    void hungPortsAndASilentThirdAreNoElectionEvenKnowingTheVoters() {
        // a saturated step: the leader's and a follower's reads time out (their ports marked hung from the last
        // read), the third misses the round's deadline; not one server said it does not serve
        LeaderGaps gaps = new LeaderGaps(3);
        EnsembleEventWatch events = new EnsembleEventWatch(3);
        gaps.offer(quorumServing(0));
        events.offer(quorumServing(0));
        for (int s = 1; s <= 3; s++) {
            List<StatsSample> round = List.of(
                    StatsSample.unresponsive(at(s), SERVER, Duration.ofMillis(800), true),
                    StatsSample.unresponsive(at(s), SECOND, Duration.ofMillis(800), true),
                    StatsSample.unresponsive(at(s), THIRD, Duration.ofMillis(800), false));
            gaps.offer(round);
            events.offer(round);
        }
        gaps.offer(quorumServing(4));
        events.offer(quorumServing(4));
        assertThat(gaps.longestAndReset(at(4))).isZero();
        assertThat(events.events(0, null).leaderChanges())
                .as("the same leader before and after, and no round without one")
                .isZero();
    }

    @Test
    void aMajorityWhoseStatisticsHangWhileTheirClientPortsAnswerIsNoLostQuorum() {
        // the AdminServers time out (the statistics are lost), the client ports answered the last read
        LeaderGaps gaps = new LeaderGaps(0);
        gaps.offer(round(0, true));
        for (int s = 1; s <= 40; s++) {
            gaps.offer(List.of(
                    StatsSample.unresponsive(at(s), SERVER, Duration.ofMillis(800), false),
                    new StatsSample(at(s), SECOND, null, "no AdminServer answers (timed out)", false, true, false),
                    new StatsSample(at(s), THIRD, stats(ServerState.UNKNOWN), null)));
        }
        assertThat(gaps.current(at(41))).isZero();
        assertThat(gaps.longestAndReset(at(41))).isZero();
    }

    @Test
    void aHungLeaderWhoseFollowersStillServeIsNoGap() {
        LeaderGaps gaps = new LeaderGaps(0);
        for (int s = 0; s <= 30; s++) {
            gaps.offer(List.of(
                    StatsSample.unresponsive(at(s), SERVER, Duration.ofMillis(800), true),
                    new StatsSample(at(s), SECOND, stats(ServerState.FOLLOWER), null)));
        }
        assertThat(gaps.longestAndReset(at(31))).isZero();
    }

    @Test
    void followersAloneAnsweringAreNoLostQuorum() {
        // --connect names one follower: the sampler never asks the leader, but a follower serves only under one
        LeaderGaps gaps = new LeaderGaps(0);
        EnsembleEventWatch events = new EnsembleEventWatch(0);
        for (int s = 0; s <= 40; s++) {
            List<StatsSample> round = List.of(new StatsSample(at(s), SERVER, stats(ServerState.FOLLOWER), null));
            gaps.offer(round);
            events.offer(round);
        }
        assertThat(gaps.current(at(41))).isZero();
        assertThat(gaps.longestAndReset(at(41))).isZero();
        assertThat(events.any()).as("no election, no silence").isFalse();
    }

    @Test
    void aServerThatNoLongerFollowsStartsAGap() {
        LeaderGaps gaps = new LeaderGaps(0);
        gaps.offer(List.of(new StatsSample(at(0), SERVER, stats(ServerState.FOLLOWER), null)));
        gaps.offer(List.of(new StatsSample(at(1), SERVER, stats(ServerState.UNKNOWN), null)));
        gaps.offer(List.of(new StatsSample(at(3), SERVER, stats(ServerState.UNKNOWN), null)));
        assertThat(gaps.current(at(3))).isEqualTo(Duration.ofSeconds(2));
    }

    /** A quorum of three serving: a leader and two followers. */
    private static List<StatsSample> quorumServing(int second) {
        return List.of(
                new StatsSample(at(second), SERVER, stats(ServerState.LEADER), null),
                new StatsSample(at(second), SECOND, stats(ServerState.FOLLOWER), null),
                new StatsSample(at(second), THIRD, stats(ServerState.FOLLOWER), null));
    }

    private static Instant at(int second) {
        return T0.plusSeconds(second);
    }

    private static final ServerAddress SERVER = new ServerAddress("127.0.0.1", 2181, 8080);
    private static final ServerAddress SECOND = new ServerAddress("127.0.0.1", 2182, 8081);
    private static final ServerAddress THIRD = new ServerAddress("127.0.0.1", 2183, 8082);

    /** One server's sample: the leader, or down (as the majority of a lost quorum is). */
    private static List<StatsSample> round(int second, boolean leader) {
        return List.of(
                leader
                        ? new StatsSample(at(second), SERVER, stats(), null)
                        : new StatsSample(at(second), SERVER, null, "connection refused", true));
    }

    private static ServerStats stats() {
        return stats(ServerState.LEADER);
    }

    private static ServerStats stats(ServerState state) {
        return new ServerStats(
                null,
                ServerStats.Source.FOUR_LETTER_WORD,
                "3.9.5",
                state,
                5,
                0,
                0,
                1,
                0,
                0,
                0,
                0,
                0,
                0,
                java.util.Map.of());
    }
}
