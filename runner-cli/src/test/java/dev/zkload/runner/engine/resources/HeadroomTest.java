package dev.zkload.runner.engine.resources;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.result.DiskUsage;
import dev.zkload.runner.result.HostUsage;
import dev.zkload.runner.result.ServerUsage;
import dev.zkload.runner.result.StepFixture;
import dev.zkload.runner.result.StepResources;
import dev.zkload.runner.result.StepResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What held the leader back at the answer's stable step, said as a qualification of its count. */
class HeadroomTest {
    private static final String LEADER = "127.0.0.1:2182";
    private static final HostUsage QUIET = new HostUsage(2, 55, 0, 0, 0.4, 0.6, 0.1);

    @Test
    void anUnhinderedLeaderQualifiesNothing() {
        assertThat(Headroom.of(step(leader(0.4, null, null, null, null, 2.0)), base(0.2)))
                .isEmpty();
    }

    @Test
    void aLeaderConfinedToACoreOthersKeepBusyIsNotAnUnconfinedLeadersHeadroom() {
        assertThat(Headroom.of(step(leader(0.31, "1", 99.0, 1.0, null, 2.0)), base(0.2)))
                .containsExactly("Stable at 100 domains, but the leader was confined to 1 core (CPU 1) that was 99%"
                        + " busy, other processes taking what it did not use (it used 0.31): the headroom measured is"
                        + " not an unconfined leader's.");
    }

    @Test
    void aLeaderThatPausedForGcATenthOfTheTimeHasAShortHeap() {
        ServerUsage gc = new ServerUsage(
                "leader",
                0.3,
                2.0,
                "0-1",
                60.0,
                "CommitProcessor",
                0.1,
                853L,
                120.0,
                18100.0,
                null,
                null,
                null,
                null,
                "proc",
                16900.0,
                null);
        assertThat(Headroom.of(step(gc), null))
                .containsExactly("Stable at 100 domains, but the leader's JVM stopped for its GC 18% of the time (853"
                        + " pauses, the longest 120 ms), its collector at work 17% of it: its heap is short, and the"
                        + " headroom with it.");
    }

    /**
     * Measured: a standalone server with a 20 MB heap under one heavy domain, stable, stopped for its GC 38% of the
     * time, its collector at work 27% (here the same shares of the fixture's 100 s); its fsyncs averaged 1.0 ms
     * against the empty ensemble's 0.09 ms, stretched by those stops. The heap is said, never a slowed log beside it.
     */
    @Test
    void fsyncsAGcStoppedJvmStretchedAreItsHeapNotASlowLog() {
        ServerUsage thrashing = new ServerUsage(
                "standalone",
                1.179,
                2.0,
                "0-1",
                89.6,
                "GC Thread#0",
                0.201,
                6900L,
                37.3,
                38200.0,
                new ServerUsage.Fsync(3016, 1.02, 1.475),
                null,
                null,
                null,
                "proc",
                26700.0,
                79.9);
        assertThat(Headroom.of(step(thrashing), base(0.09)))
                .singleElement()
                .asString()
                .contains("its heap is short");
    }

    @Test
    void aLogFarSlowerThanTheEmptyEnsemblesAndOthersWritingToItsDiskAreSaid() {
        StepResult slow = step(leader(0.4, null, null, null, new ServerUsage.Fsync(6000, 14.6, 40), 2.0));
        assertThat(Headroom.of(slow, base(0.09)))
                .containsExactly("Stable at 100 domains, but the leader's fsyncs averaged 14.6 ms, 162× the empty"
                        + " ensemble's 0.09 ms: the headroom is a slowed log's.");
        StepResult beside = withDisk(slow, new DiskUsage(List.of(LEADER), 38e6, 35.2e6, 98));
        assertThat(Headroom.of(beside, base(0.09)))
                .singleElement()
                .asString()
                .contains(", while other processes wrote 35.2 MB/s to its disk (vda, 98% busy): the headroom");
        StepResult fastLog = withDisk(
                step(leader(0.4, null, null, null, new ServerUsage.Fsync(6000, 0.3, 1), 2.0)),
                new DiskUsage(List.of(LEADER), 5e6, 4.1e6, 30));
        StepResult ownWrites = withDisk(
                step(leader(0.4, null, null, null, new ServerUsage.Fsync(6000, 0.3, 1), 2.0)),
                new DiskUsage(List.of(LEADER), 6.3e6, 1.6e6, 37));
        assertThat(Headroom.of(ownWrites, base(0.09)))
                .as("a disk busy with the servers' own logs, the others a quarter of its writes")
                .isEmpty();
        assertThat(Headroom.of(fastLog, base(0.09)))
                .containsExactly("Stable at 100 domains, but other processes wrote 4.1 MB/s to the disk under the"
                        + " leader's log (vda, 30% busy): the headroom is measured beside them.");
        StepResult idleDisk = withDisk(
                step(leader(0.4, null, null, null, new ServerUsage.Fsync(6000, 0.3, 1), 2.0)),
                new DiskUsage(List.of(LEADER), 4e6, 3.2e6, 8));
        assertThat(Headroom.of(idleDisk, base(0.09)))
                .as("others' writes to a disk 8% busy held nothing up")
                .isEmpty();
    }

    private static ServerUsage leader(
            double cores, String cpus, Double cpusBusy, Double mayUse, ServerUsage.Fsync fsync, Double mayUseAll) {
        return new ServerUsage(
                "leader",
                cores,
                mayUse == null ? mayUseAll : mayUse,
                cpus,
                cpusBusy,
                "CommitProcessor",
                0.1,
                null,
                null,
                null,
                fsync,
                null,
                null,
                null,
                "proc",
                null,
                null);
    }

    private static StepResult step(ServerUsage leader) {
        return StepFixture.step(100)
                .resources(new StepResources(QUIET, Map.of(LEADER, leader), List.of(), Map.of()))
                .build();
    }

    private static StepResult withDisk(StepResult s, DiskUsage d) {
        return StepFixture.step(100)
                .resources(new StepResources(QUIET, s.resources().servers(), List.of(), Map.of("vda", d)))
                .build();
    }

    private static StepResult base(double fsyncMs) {
        return step(leader(0.05, null, null, null, new ServerUsage.Fsync(10, fsyncMs, fsyncMs), 2.0));
    }
}
