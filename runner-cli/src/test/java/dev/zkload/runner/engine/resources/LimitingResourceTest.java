package dev.zkload.runner.engine.resources;

import static dev.zkload.runner.engine.resources.RecordedSteps.LEADER;
import static dev.zkload.runner.engine.resources.RecordedSteps.MACHINE;
import static dev.zkload.runner.engine.resources.RecordedSteps.SLOW_FSYNC;
import static dev.zkload.runner.engine.resources.RecordedSteps.THROTTLED;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.zkload.runner.result.LimitedBy;
import dev.zkload.runner.result.LimitedBy.Resource;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The rules of "why it saturated" as a whole, on steps recorded from real runs and on the same steps with one figure
 * changed ({@link RecordedSteps}): which comes first, the machine, the throttle, the disks. The leader's own rules are
 * {@link LeaderRulesTest}.
 */
class LimitingResourceTest {

    @Test
    void aSharedTwoCoreMachineThatOtherProcessesKeptBusyIsTooBusyToMeasureTheEnsemble() throws IOException {
        LimitedBy l = RecordedSteps.of(MACHINE);

        assertThat(l.resource()).isEqualTo(Resource.THIS_MACHINE);
        assertThat(l.domains()).isEqualTo(100);
        assertThat(l.evidence())
                .isEqualTo("other processes took 0.53 of the 2 cores (100% busy; the runner 0.61, the servers 0.86),"
                        + " leaving it too busy to measure the ensemble");
        assertThat(l.alsoAtLimit()).isEmpty();
        assertThat(l.unobserved()).isEmpty();
        assertThat(Explanation.sentence(l, true))
                .startsWith(
                        "Limited by this machine, not by ZooKeeper (the answer is this machine's; servers on machines"
                                + " of their own would carry more): other processes took 0.53");
    }

    @Test
    void aTwoCoreMachineTheRunnerAndItsServersFilledIsNamedWithWhoHadTheCores() throws IOException {
        LimitedBy l = RecordedSteps.of(MACHINE, "/resources/host/otherCores", 0.05);

        assertThat(l.resource()).isEqualTo(Resource.THIS_MACHINE);
        assertThat(l.evidence())
                .isEqualTo(
                        "the runner and 3 servers shared 2 cores, 100% busy (the runner 0.61, the servers 0.86, other"
                                + " processes 0.05)");
    }

    @Test
    void fsyncsBackToBackAreTheTransactionLogComparedWithTheBaseline() throws IOException {
        // 5000 fsyncs of 10.9 ms in the step's settled load of 62.7 s: 87% of the time; zkload's processes alone busy
        LimitedBy l = RecordedSteps.of(MACHINE, LEADER + "/fsync/count", 5000, "/resources/host/otherCores", 0.05);

        assertThat(l.resource()).isEqualTo(Resource.TRANSACTION_LOG);
        assertThat(l.evidence())
                .isEqualTo(
                        "fsyncs took 87% of the time, back to back (5000 averaging 10.9 ms, 51× the baseline's 0.2 ms)");
        assertThat(l.alsoAtLimit()).containsExactly("this-machine");
    }

    @Test
    void fsyncsBackToBackOnAMachineOthersKeptBusyAreTheMachineFirst() throws IOException {
        // a log thread waiting for a core times its fsyncs long too: the machine explains them
        LimitedBy l = RecordedSteps.of(MACHINE, LEADER + "/fsync/count", 5000);

        assertThat(l.resource()).isEqualTo(Resource.THIS_MACHINE);
        assertThat(l.alsoAtLimit()).containsExactly("transaction-log (127.0.0.1:41147)");
    }

    @Test
    void aThrottleCounterThatRoseComesFirst() throws IOException {
        ObjectNode step = RecordedSteps.step(MACHINE, 1);
        ((ObjectNode) step.at(LEADER + "/throttled")).put("throttled_ops", 1234);
        LimitedBy l =
                LimitingResource.of(RecordedSteps.read(step), RecordedSteps.read(RecordedSteps.step(MACHINE, 0)), null);

        assertThat(l.resource()).isEqualTo(Resource.THROTTLE);
        assertThat(l.evidence())
                .isEqualTo("throttled_ops rose by 1234 on 127.0.0.1:41147 (the leader): the server held back or shed"
                        + " requests");
    }

    @Test
    void workShortWithoutAQueueIsAThrottleNoCounterShows() throws IOException {
        LimitedBy l = RecordedSteps.of(
                MACHINE,
                "/saturation/rule",
                "shortfall",
                "/server/outstandingMax",
                21,
                "/resources/host/busyPercent",
                40.0);

        assertThat(l.resource()).isEqualTo(Resource.THROTTLE);
        assertThat(l.server()).isNull();
        assertThat(l.evidence())
                .isEqualTo(
                        "only 70% of the 8772 job fires due were delivered, while the leader's queue never passed 21,"
                                + " no throttle counter rose, the machine had cores to spare (40% busy) and the runner started"
                                + " its fires on time (156 ms late at p99): requests were held back where no counter shows it,"
                                + " as a server's zookeeper.globalOutstandingLimit does");
    }

    @Test
    void workShortIsNoThrottleWithoutEvidenceThatTheRunnerAndTheMachineKeptUp() throws IOException {
        Object[] shortfall = {"/saturation/rule", "shortfall", "/server/outstandingMax", 21};
        // the machine at its limit with zkload's own processes: late for every party
        assertThat(RecordedSteps.of(MACHINE, RecordedSteps.concat(shortfall, "/resources/host/otherCores", 0.05))
                        .resource())
                .isEqualTo(Resource.THIS_MACHINE);
        // fires started late: the runner could not deliver them in time, whatever the servers did
        LimitedBy late = RecordedSteps.of(
                MACHINE,
                RecordedSteps.concat(
                        shortfall, "/resources/host/busyPercent", 40.0, "/generator/fireLag/p99Ms", 2500.0));
        assertThat(late.resource()).isNotEqualTo(Resource.THROTTLE);
        assertThat(late.alsoAtLimit()).noneMatch(a -> a.startsWith("throttle"));
    }

    @Test
    void aRecordedThrottleOnAMachineOthersKeptBusyIsTheMachineNotAThrottleNoCounterShows() throws IOException {
        // other processes took 0.94 of the 2 cores: work short is what every starved party shows, not a throttle's mark
        LimitedBy l = RecordedSteps.of(THROTTLED);

        assertThat(l.resource()).isEqualTo(Resource.THIS_MACHINE);
        assertThat(l.alsoAtLimit()).isEmpty();
    }

    @Test
    void theRecordedThrottleWithTheMachineQuietIsNamedByTheWorkItHeldBack() throws IOException {
        LimitedBy l =
                RecordedSteps.of(THROTTLED, "/resources/host/busyPercent", 55.0, "/resources/host/otherCores", 0.02);

        assertThat(l.resource()).isEqualTo(Resource.THROTTLE);
        assertThat(l.evidence())
                .isEqualTo("only 28% of the 7092 job fires due were delivered, while the leader's queue never passed"
                        + " 105, no throttle counter rose, the machine had cores to spare (55% busy) and the runner"
                        + " started its fires on time (622 ms late at p99): requests were held back where no counter"
                        + " shows it, as a server's zookeeper.globalOutstandingLimit does");
    }

    /** A leader at its own limit explains the work short by itself: no evidence of a throttle, even said beside. */
    @Test
    void workShortBehindALeaderAtItsOwnLimitIsTheLeadersLimitNotAThrottle() throws IOException {
        String leader = "/resources/servers/" + RecordedSteps.leaderOf(THROTTLED);
        LimitedBy l = RecordedSteps.of(
                THROTTLED,
                leader + "/hottestThreadCores",
                0.97,
                leader + "/hottestThread",
                "CommitProcessor",
                "/resources/host/busyPercent",
                55.0,
                "/resources/host/otherCores",
                0.02);

        assertThat(l.resource()).isEqualTo(Resource.LEADER_CPU);
        assertThat(l.alsoAtLimit()).isEmpty();
    }

    @Test
    void aRecordedSlowLogBesideOtherProcessesIsTheMachineWithTheLogBesideIt() throws IOException {
        LimitedBy l = RecordedSteps.of(SLOW_FSYNC);

        assertThat(l.resource()).isEqualTo(Resource.THIS_MACHINE);
        assertThat(l.alsoAtLimit()).singleElement().asString().startsWith("transaction-log");
    }

    @Test
    void theRecordedSlowLogOnAQuietMachineIsTheTransactionLogTheDiskNotTheLoad() throws IOException {
        LimitedBy l =
                RecordedSteps.of(SLOW_FSYNC, "/resources/host/busyPercent", 30.0, "/resources/host/otherCores", 0.02);

        assertThat(l.resource()).isEqualTo(Resource.TRANSACTION_LOG);
        assertThat(l.evidence())
                .isEqualTo("fsyncs took 78% of the time (389 averaging 43.0 ms, as slow as on the empty ensemble"
                        + " (37.0 ms)), and a write spent 80.7 of its 81.2 ms at the leader in the sync processor");
    }

    @Test
    void aQuietMachineWithNothingAtItsLimitSaysWhereTheTimeGrew() throws IOException {
        ObjectNode stable = RecordedSteps.step(MACHINE, 0);
        stable.put("step", 1).put("domains", 50);
        LimitedBy l = LimitingResource.of(
                RecordedSteps.read(
                        RecordedSteps.set(RecordedSteps.step(MACHINE, 1), "/resources/host/busyPercent", 60.0)),
                RecordedSteps.read(RecordedSteps.step(MACHINE, 0)),
                RecordedSteps.read(stable));

        assertThat(l.resource()).isEqualTo(Resource.NONE);
        assertThat(l.evidence())
                .isEqualTo("no single observed resource was at its limit: the leader used 0.32 of 2 cores (its busiest"
                        + " thread, NIOServerCxnFac, 0.04), this machine was 60% busy, fsyncs averaged 10.9 ms, a"
                        + " request's time at the leader grew most in the commit processor: waiting for the quorum"
                        + " (0.9 → 159.0 ms)");
    }

    @Test
    void aServerNotReadIsUnobservedNeverRuledOut() throws IOException {
        ObjectNode s = RecordedSteps.set(RecordedSteps.step(MACHINE, 1), "/resources/host/busyPercent", 30.0);
        ObjectNode leader = (ObjectNode) s.at(LEADER);
        leader.putNull("cpuCores")
                .putNull("hottestThread")
                .putNull("hottestThreadCores")
                .putNull("source");
        ((com.fasterxml.jackson.databind.node.ArrayNode) s.at("/resources/unobserved"))
                .add("the CPU and GC of 127.0.0.1:41147 (not on this machine)");
        LimitedBy l = LimitingResource.of(RecordedSteps.read(s), null, null);

        assertThat(l.resource()).isEqualTo(Resource.NONE);
        assertThat(l.unobserved()).containsExactly("the CPU and GC of 127.0.0.1:41147 (not on this machine)");
        assertThat(Explanation.sentence(l, false))
                .endsWith("Not observed (so not ruled out): the CPU and GC of 127.0.0.1:41147 (not on this machine).");
    }

    @Test
    void aWriteWaitingOnTheFollowersIsTheQuorum() throws IOException {
        LimitedBy l = RecordedSteps.of(
                MACHINE,
                "/resources/host/busyPercent",
                50.0,
                "/stages/stages/sync/meanMs",
                20.0,
                "/stages/stages/quorumAck/meanMs",
                150.0);

        assertThat(l.resource()).isEqualTo(Resource.QUORUM);
        assertThat(l.evidence())
                .isEqualTo("waiting for the followers' acknowledgements took 150.0 ms of a write's 160.4 ms at the"
                        + " leader, its own log 20.0 ms: the network or the followers");
    }

    @Test
    void aStepOfWhichNothingWasReadSaysSo() throws IOException {
        ObjectNode s = RecordedSteps.step(MACHINE, 1);
        s.putNull("resources").putNull("stages").putNull("delivered");
        LimitedBy l = LimitingResource.of(RecordedSteps.read(s), null, null);

        assertThat(l.resource()).isEqualTo(Resource.UNOBSERVED);
        assertThat(Explanation.sentence(l, true))
                .isEqualTo(
                        "Why it saturated was not observed: neither the machine's nor the servers' resources were read"
                                + " at 100 domains.");
    }
}
