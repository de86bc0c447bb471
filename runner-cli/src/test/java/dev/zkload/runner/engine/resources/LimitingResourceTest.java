package dev.zkload.runner.engine.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.runner.result.LimitedBy;
import dev.zkload.runner.result.LimitedBy.Resource;
import dev.zkload.runner.result.StepResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The rules of "why it saturated" on steps recorded from real runs (the files beside this test), and on the same
 * steps with one figure changed to put one resource past its limit.
 */
class LimitingResourceTest {
    private static final ObjectMapper JSON = ResultJson.compact();
    /** The README's command's first step on this 2-core machine, three embedded servers, other builds running. */
    private static final String MACHINE = "this-machine-2-cores.steps.jsonl";

    /**
     * One step of 80 domains on three embedded servers started with -Dzookeeper.globalOutstandingLimit=20 (3.9.5):
     * its leader's queue stayed far under 300, and the domains got a fraction of their work done.
     */
    private static final String THROTTLED = "throttled-3.9.steps.jsonl";

    /** One heavy domain on a standalone server whose every fsync was made 30 ms slower (a preloaded library). */
    private static final String SLOW_FSYNC = "slow-fsync-standalone.steps.jsonl";
    /** One heavy domain on a standalone server confined with taskset to one core that two busy loops shared. */
    private static final String CPU_SHARED = "cpu-shared-standalone.steps.jsonl";

    private static final String LEADER = "/resources/servers/127.0.0.1:41147";

    @Test
    void aSharedTwoCoreMachineThatOtherProcessesKeptBusyIsTooBusyToMeasureTheEnsemble() throws IOException {
        LimitedBy l = of(MACHINE);

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
        LimitedBy l = of(MACHINE, "/resources/host/otherCores", 0.05);

        assertThat(l.resource()).isEqualTo(Resource.THIS_MACHINE);
        assertThat(l.evidence())
                .isEqualTo(
                        "the runner and 3 servers shared 2 cores, 100% busy (the runner 0.61, the servers 0.86, other"
                                + " processes 0.05)");
    }

    @Test
    void aLeaderThreadAtAWholeCoreIsTheLeadersCpuBeforeTheMachine() throws IOException {
        LimitedBy l = of(MACHINE, LEADER + "/hottestThreadCores", 0.96, LEADER + "/hottestThread", "SyncThread:3");

        assertThat(l.resource()).isEqualTo(Resource.LEADER_CPU);
        assertThat(l.server()).isEqualTo("127.0.0.1:41147");
        assertThat(l.evidence())
                .isEqualTo("the leader's thread SyncThread:3 used 0.96 of one core at 100 domains, all a thread can use"
                        + " (the process 0.32)");
        assertThat(l.alsoAtLimit()).containsExactly("this-machine");
    }

    @Test
    void aLeaderConfinedToOneBusyCoreIsTheLeadersCpu() throws IOException {
        LimitedBy l = of(
                MACHINE,
                LEADER + "/mayUseCores",
                1.0,
                LEADER + "/cpus",
                "1",
                LEADER + "/cpusBusyPercent",
                99.0,
                "/resources/host/busyPercent",
                75.0);

        assertThat(l.resource()).isEqualTo(Resource.LEADER_CPU);
        assertThat(l.evidence())
                .isEqualTo(
                        "the 1 core the leader may use (CPU 1) was 99% busy at 100 domains: the leader used 0.32 of it,"
                                + " other processes the rest");
        assertThat(l.alsoAtLimit()).isEmpty();
    }

    @Test
    void fsyncsBackToBackAreTheTransactionLogComparedWithTheBaseline() throws IOException {
        // 5000 fsyncs of 10.9 ms in the step's settled load of 62.7 s: 87% of the time; zkload's processes alone busy
        LimitedBy l = of(MACHINE, LEADER + "/fsync/count", 5000, "/resources/host/otherCores", 0.05);

        assertThat(l.resource()).isEqualTo(Resource.TRANSACTION_LOG);
        assertThat(l.evidence())
                .isEqualTo(
                        "fsyncs took 87% of the time, back to back (5000 averaging 10.9 ms, 51× the baseline's 0.2 ms)");
        assertThat(l.alsoAtLimit()).containsExactly("this-machine");
    }

    @Test
    void fsyncsBackToBackOnAMachineOthersKeptBusyAreTheMachineFirst() throws IOException {
        // a log thread waiting for a core times its fsyncs long too: the machine explains them
        LimitedBy l = of(MACHINE, LEADER + "/fsync/count", 5000);

        assertThat(l.resource()).isEqualTo(Resource.THIS_MACHINE);
        assertThat(l.alsoAtLimit()).containsExactly("transaction-log (127.0.0.1:41147)");
    }

    @Test
    void aThrottleCounterThatRoseComesFirst() throws IOException {
        ObjectNode step = step(MACHINE, 1);
        ((ObjectNode) step.at(LEADER + "/throttled")).put("throttled_ops", 1234);
        LimitedBy l = LimitingResource.of(read(step), read(step(MACHINE, 0)), null);

        assertThat(l.resource()).isEqualTo(Resource.THROTTLE);
        assertThat(l.evidence())
                .isEqualTo("throttled_ops rose by 1234 on 127.0.0.1:41147 (the leader): the server held back or shed"
                        + " requests");
    }

    @Test
    void workShortWithoutAQueueIsAThrottleNoCounterShows() throws IOException {
        LimitedBy l = of(
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
        assertThat(of(MACHINE, concat(shortfall, "/resources/host/otherCores", 0.05))
                        .resource())
                .isEqualTo(Resource.THIS_MACHINE);
        // fires started late: the runner could not deliver them in time, whatever the servers did
        LimitedBy late =
                of(MACHINE, concat(shortfall, "/resources/host/busyPercent", 40.0, "/generator/fireLag/p99Ms", 2500.0));
        assertThat(late.resource()).isNotEqualTo(Resource.THROTTLE);
        assertThat(late.alsoAtLimit()).noneMatch(a -> a.startsWith("throttle"));
    }

    @Test
    void aRecordedThrottleOnAMachineOthersKeptBusyIsTheMachineNotAThrottleNoCounterShows() throws IOException {
        // other processes took 0.94 of the 2 cores: work short is what every starved party shows, not a throttle's mark
        LimitedBy l = of(THROTTLED);

        assertThat(l.resource()).isEqualTo(Resource.THIS_MACHINE);
        assertThat(l.alsoAtLimit()).isEmpty();
    }

    @Test
    void theRecordedThrottleWithTheMachineQuietIsNamedByTheWorkItHeldBack() throws IOException {
        LimitedBy l = of(THROTTLED, "/resources/host/busyPercent", 55.0, "/resources/host/otherCores", 0.02);

        assertThat(l.resource()).isEqualTo(Resource.THROTTLE);
        assertThat(l.evidence())
                .isEqualTo("only 28% of the 7092 job fires due were delivered, while the leader's queue never passed"
                        + " 105, no throttle counter rose, the machine had cores to spare (55% busy) and the runner"
                        + " started its fires on time (622 ms late at p99): requests were held back where no counter"
                        + " shows it, as a server's zookeeper.globalOutstandingLimit does");
    }

    @Test
    void workShortBehindALeaderAtItsOwnLimitIsTheLeadersLimitNotAThrottle() throws IOException {
        String leader = "/resources/servers/" + leaderOf(THROTTLED);
        LimitedBy l = of(
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
        assertThat(l.alsoAtLimit()).containsExactly("throttle");
    }

    @Test
    void aRecordedSlowLogBesideOtherProcessesIsTheMachineWithTheLogBesideIt() throws IOException {
        LimitedBy l = of(SLOW_FSYNC);

        assertThat(l.resource()).isEqualTo(Resource.THIS_MACHINE);
        assertThat(l.alsoAtLimit()).singleElement().asString().startsWith("transaction-log");
    }

    @Test
    void theRecordedSlowLogOnAQuietMachineIsTheTransactionLogTheDiskNotTheLoad() throws IOException {
        LimitedBy l = of(SLOW_FSYNC, "/resources/host/busyPercent", 30.0, "/resources/host/otherCores", 0.02);

        assertThat(l.resource()).isEqualTo(Resource.TRANSACTION_LOG);
        assertThat(l.evidence())
                .isEqualTo("fsyncs took 78% of the time (389 averaging 43.0 ms, as slow as on the empty ensemble"
                        + " (37.0 ms)), and a write spent 80.7 of its 81.2 ms at the leader in the sync processor");
    }

    @Test
    void aRecordedServerSharingItsOneCoreIsLimitedByItsCpu() throws IOException {
        LimitedBy l = of(CPU_SHARED);

        assertThat(l.resource()).isEqualTo(Resource.LEADER_CPU);
        assertThat(l.evidence())
                .isEqualTo(
                        "the 1 core the leader may use (CPU 1) was 100% busy at 1 domain: the leader used 0.37 of it,"
                                + " other processes the rest");
        assertThat(l.unobserved()).singleElement().asString().startsWith("the GC pauses of 127.0.0.1:43531");
    }

    @Test
    void aQuietMachineWithNothingAtItsLimitSaysWhereTheTimeGrew() throws IOException {
        ObjectNode stable = step(MACHINE, 0);
        stable.put("step", 1).put("domains", 50);
        LimitedBy l = LimitingResource.of(
                read(set(step(MACHINE, 1), "/resources/host/busyPercent", 60.0)), read(step(MACHINE, 0)), read(stable));

        assertThat(l.resource()).isEqualTo(Resource.NONE);
        assertThat(l.evidence())
                .isEqualTo("no single observed resource was at its limit: the leader used 0.32 of 2 cores (its busiest"
                        + " thread, NIOServerCxnFac, 0.04), this machine was 60% busy, fsyncs averaged 10.9 ms, a"
                        + " request's time at the leader grew most in the commit processor: waiting for the quorum"
                        + " (0.9 → 159.0 ms)");
    }

    @Test
    void aServerNotReadIsUnobservedNeverRuledOut() throws IOException {
        ObjectNode s = set(step(MACHINE, 1), "/resources/host/busyPercent", 30.0);
        ObjectNode leader = (ObjectNode) s.at(LEADER);
        leader.putNull("cpuCores")
                .putNull("hottestThread")
                .putNull("hottestThreadCores")
                .putNull("source");
        ((com.fasterxml.jackson.databind.node.ArrayNode) s.at("/resources/unobserved"))
                .add("the CPU and GC of 127.0.0.1:41147 (not on this machine)");
        LimitedBy l = LimitingResource.of(read(s), null, null);

        assertThat(l.resource()).isEqualTo(Resource.NONE);
        assertThat(l.unobserved()).containsExactly("the CPU and GC of 127.0.0.1:41147 (not on this machine)");
        assertThat(Explanation.sentence(l, false))
                .endsWith("Not observed (so not ruled out): the CPU and GC of 127.0.0.1:41147 (not on this machine).");
    }

    @Test
    void longGcPausesOfTheLeaderAreNamed() throws IOException {
        LimitedBy l = of(MACHINE, LEADER + "/gcPauseTotalMs", 15000.0, "/resources/host/busyPercent", 50.0);

        assertThat(l.resource()).isEqualTo(Resource.LEADER_GC);
        assertThat(l.evidence())
                .isEqualTo("the leader's JVM stopped for its GC 24% of the time (10 pauses, the longest 330 ms)");
    }

    @Test
    void pausesThatMostlyWaitedForACoreAreNoShortHeapUnlessTheHeapWasKeptFull() throws IOException {
        // 24% of the time in pauses, the collector at work 3% of it: the JVM waited for a core, the machine's doing
        Object[] waited = {
            LEADER + "/gcPauseTotalMs", 15000.0, LEADER + "/gcWorkMs", 1900.0, "/resources/host/busyPercent", 50.0
        };
        assertThat(of(MACHINE, waited).resource()).isNotEqualTo(Resource.LEADER_GC);
        assertThat(of(MACHINE, waited).alsoAtLimit()).noneMatch(a -> a.startsWith("leader-gc"));
        // the same pauses with the heap 96% full at the window's end: short of heap, whatever else waited
        LimitedBy full = of(MACHINE, concat(waited, LEADER + "/heapUsedPercent", 96.0));
        assertThat(full.resource()).isEqualTo(Resource.LEADER_GC);
        assertThat(full.evidence())
                .isEqualTo("the leader's JVM stopped for its GC 24% of the time (10 pauses, the longest 330 ms), its"
                        + " collector at work 3% of it, its heap 96% full");
    }

    @Test
    void aRemoteLeadersGcIsJudgedOnItsTotalsAloneWhereItsEndpointGivesNoPause() throws IOException {
        ObjectNode s = set(step(MACHINE, 1), "/resources/host/busyPercent", 30.0);
        ((ObjectNode) s.at(LEADER))
                .put("gcPauseTotalMs", 15000.0)
                .putNull("gcPauseMaxMs")
                .putNull("mayUseCores")
                .putNull("hottestThread")
                .putNull("hottestThreadCores")
                .put("source", "prometheus");
        assertThat(LimitingResource.of(read(s), null, null).evidence())
                .isEqualTo("the leader's JVM stopped for its GC 24% of the time (10 pauses)");

        ((ObjectNode) s.at(LEADER)).put("gcPauseTotalMs", 100.0);
        assertThat(LimitingResource.of(read(s), null, null).resource())
                .as("short pauses whose longest is not known are no limit")
                .isNotEqualTo(Resource.LEADER_GC);
    }

    @Test
    void aLeaderHeldToOneCoreByAQuotaAloneOnABusyMachineIsTheMachineNotItsCpu() throws IOException {
        // a cgroup quota of one core (docker --cpus=1), every CPU still allowed, the leader at half of it
        LimitedBy l = of(MACHINE, LEADER + "/mayUseCores", 1.0, LEADER + "/cpuCores", 0.5);

        assertThat(l.resource()).isEqualTo(Resource.THIS_MACHINE);
    }

    @Test
    void aWriteWaitingOnTheFollowersIsTheQuorum() throws IOException {
        LimitedBy l = of(
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
        ObjectNode s = step(MACHINE, 1);
        s.putNull("resources").putNull("stages").putNull("delivered");
        LimitedBy l = LimitingResource.of(read(s), null, null);

        assertThat(l.resource()).isEqualTo(Resource.UNOBSERVED);
        assertThat(Explanation.sentence(l, true))
                .isEqualTo(
                        "Why it saturated was not observed: neither the machine's nor the servers' resources were read"
                                + " at 100 domains.");
    }

    /** The limit at the recording's last step, its baseline to compare with, after setting each pointer to a value. */
    private static LimitedBy of(String file, Object... pointerThenValue) throws IOException {
        ObjectNode at = step(file, -1);
        for (int i = 0; i < pointerThenValue.length; i += 2) {
            set(at, (String) pointerThenValue[i], pointerThenValue[i + 1]);
        }
        return LimitingResource.of(read(at), read(step(file, 0)), null);
    }

    private static Object[] concat(Object[] a, Object... b) {
        Object[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static String leaderOf(String file) throws IOException {
        return step(file, -1).at("/stages/server").asText();
    }

    private static ObjectNode set(ObjectNode step, String pointer, Object value) {
        int slash = pointer.lastIndexOf('/');
        ObjectNode parent = (ObjectNode) step.at(pointer.substring(0, slash));
        String field = pointer.substring(slash + 1);
        if (value instanceof Double d) {
            parent.put(field, d);
        } else if (value instanceof Integer n) {
            parent.put(field, n);
        } else {
            parent.put(field, (String) value);
        }
        return step;
    }

    /** Line {@code index} of a recorded steps.jsonl (-1: the last), as a tree to change. */
    private static ObjectNode step(String file, int index) throws IOException {
        try (InputStream in = LimitingResourceTest.class.getResourceAsStream(file)) {
            List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .filter(l -> !l.isBlank())
                    .toList();
            JsonNode node = JSON.readTree(lines.get(index < 0 ? lines.size() + index : index));
            return (ObjectNode) node;
        }
    }

    private static StepResult read(JsonNode node) throws IOException {
        return JSON.treeToValue(node, StepResult.class);
    }
}
