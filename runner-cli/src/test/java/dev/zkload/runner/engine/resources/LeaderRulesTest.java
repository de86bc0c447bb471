package dev.zkload.runner.engine.resources;

import static dev.zkload.runner.engine.resources.RecordedSteps.CPU_SHARED;
import static dev.zkload.runner.engine.resources.RecordedSteps.LEADER;
import static dev.zkload.runner.engine.resources.RecordedSteps.MACHINE;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.zkload.runner.result.LimitedBy;
import dev.zkload.runner.result.LimitedBy.Resource;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The leader's own rules, on recorded steps: its CPU (its share, one thread, a confined core) and its GC. */
class LeaderRulesTest {
    @Test
    void aLeaderThreadAtAWholeCoreIsTheLeadersCpuBeforeTheMachine() throws IOException {
        LimitedBy l = RecordedSteps.of(
                MACHINE, LEADER + "/hottestThreadCores", 0.96, LEADER + "/hottestThread", "SyncThread:3");

        assertThat(l.resource()).isEqualTo(Resource.LEADER_CPU);
        assertThat(l.server()).isEqualTo("127.0.0.1:41147");
        assertThat(l.evidence())
                .isEqualTo("the leader's thread SyncThread:3 used 0.96 of one core at 100 domains, all a thread can use"
                        + " (the process 0.32)");
        assertThat(l.alsoAtLimit()).containsExactly("this-machine");
    }

    @Test
    void aLeaderConfinedToOneBusyCoreIsTheLeadersCpu() throws IOException {
        LimitedBy l = RecordedSteps.of(
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

    /**
     * Recorded: a standalone server confined to a core three busy loops shared, one heavy domain: 59 of 630 fires
     * delivered, its queue averaging 6, the machine 62% busy and the runner's fires on time. The work short is the
     * confined leader's, never a throttle no counter shows besides.
     */
    @Test
    void workShortBehindALeaderAtItsCpuIsTheLeadersNeverAThrottleBeside() throws IOException {
        LimitedBy l = RecordedSteps.of(RecordedSteps.CONFINED_WORK_SHORT);

        assertThat(l.resource()).isEqualTo(Resource.LEADER_CPU);
        assertThat(l.evidence()).startsWith("the 1 core the leader may use (CPU 1) was 100% busy at 1 domain");
        assertThat(l.alsoAtLimit()).isEmpty();
    }

    @Test
    void aRecordedServerSharingItsOneCoreIsLimitedByItsCpu() throws IOException {
        LimitedBy l = RecordedSteps.of(CPU_SHARED);

        assertThat(l.resource()).isEqualTo(Resource.LEADER_CPU);
        assertThat(l.evidence())
                .isEqualTo(
                        "the 1 core the leader may use (CPU 1) was 100% busy at 1 domain: the leader used 0.37 of it,"
                                + " other processes the rest");
        assertThat(l.unobserved()).singleElement().asString().startsWith("the GC pauses of 127.0.0.1:43531");
    }

    @Test
    void aLeaderHeldToOneCoreByAQuotaAloneOnABusyMachineIsTheMachineNotItsCpu() throws IOException {
        // a cgroup quota of one core (docker --cpus=1), every CPU still allowed, the leader at half of it
        LimitedBy l = RecordedSteps.of(MACHINE, LEADER + "/mayUseCores", 1.0, LEADER + "/cpuCores", 0.5);

        assertThat(l.resource()).isEqualTo(Resource.THIS_MACHINE);
    }

    @Test
    void longGcPausesOfTheLeaderAreNamed() throws IOException {
        LimitedBy l =
                RecordedSteps.of(MACHINE, LEADER + "/gcPauseTotalMs", 15000.0, "/resources/host/busyPercent", 50.0);

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
        assertThat(RecordedSteps.of(MACHINE, waited).resource()).isNotEqualTo(Resource.LEADER_GC);
        assertThat(RecordedSteps.of(MACHINE, waited).alsoAtLimit()).noneMatch(a -> a.startsWith("leader-gc"));
        // the same pauses with the heap 96% full at the window's end: short of heap, whatever else waited
        LimitedBy full = RecordedSteps.of(MACHINE, RecordedSteps.concat(waited, LEADER + "/heapUsedPercent", 96.0));
        assertThat(full.resource()).isEqualTo(Resource.LEADER_GC);
        assertThat(full.evidence())
                .isEqualTo("the leader's JVM stopped for its GC 24% of the time (10 pauses, the longest 330 ms), its"
                        + " collector at work 3% of it, its heap 96% full");
    }

    @Test
    void aRemoteLeadersGcIsJudgedOnItsTotalsAloneWhereItsEndpointGivesNoPause() throws IOException {
        ObjectNode s = RecordedSteps.set(RecordedSteps.step(MACHINE, 1), "/resources/host/busyPercent", 30.0);
        ((ObjectNode) s.at(LEADER))
                .put("gcPauseTotalMs", 15000.0)
                .putNull("gcPauseMaxMs")
                .putNull("mayUseCores")
                .putNull("hottestThread")
                .putNull("hottestThreadCores")
                .put("source", "prometheus");
        assertThat(LimitingResource.of(RecordedSteps.read(s), null, null).evidence())
                .isEqualTo("the leader's JVM stopped for its GC 24% of the time (10 pauses)");

        ((ObjectNode) s.at(LEADER)).put("gcPauseTotalMs", 100.0);
        assertThat(LimitingResource.of(RecordedSteps.read(s), null, null).resource())
                .as("short pauses whose longest is not known are no limit")
                .isNotEqualTo(Resource.LEADER_GC);
    }
}
