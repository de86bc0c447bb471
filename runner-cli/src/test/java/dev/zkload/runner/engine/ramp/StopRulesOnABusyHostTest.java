package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.result.StepFixture;
import dev.zkload.runner.result.StepVerdict;
import dev.zkload.runner.result.StopReason;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A step on a machine other processes kept too busy to measure: what a starved machine explains (the runner only
 * late, the work short, sessions cut, every server slow to answer) is the machine's; what the servers tell, or one
 * server's stall while the others answer, is still a fault; the runner's own CPU and its collector's work are still
 * its own.
 */
class StopRulesOnABusyHostTest {
    private static final RampPlan PLAN = Plans.plan(700, true);

    /** The machine too busy to measure: other processes took 1.39 of its 2 cores. */
    private static StepFixture.Builder busy(int domains) {
        return StepFixture.step(domains).host(2, 99.5, 0.08, 0.50, 1.39);
    }

    @Test
    void aRunnerOnlyLateOnAMachineOthersKeptBusyIsTheMachineNeverTheRunner() {
        StopRules.Judgement j = StopRules.judge(
                busy(10).late(
                                "a GC pause stopped the runner for 2.1 s (limit 1.0 s), its collector at work 40 ms of it:"
                                        + " the rest it waited for a core")
                        .build(),
                PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.HOST_BUSY);
        assertThat(j.stop().orElseThrow().reason()).isEqualTo(StopReason.HOST_BUSY);
        assertThat(j.stop().orElseThrow().message())
                .isEqualTo("at 10 domains this machine was too busy to measure: other processes took 1.39 of the 2"
                        + " cores (100% busy; the runner 0.08, the servers 0.50); a machine that busy starves the"
                        + " runner and the servers alike, which explains what the step saw (a GC pause stopped the"
                        + " runner for 2.1 s (limit 1.0 s), its collector at work 40 ms of it: the rest it waited for"
                        + " a core)");
    }

    @Test
    void aRunnerAtItsOwnCpuLimitOrWhoseCollectorWorkedPastItIsTheRunnerEvenOnABusyMachine() {
        assertThat(StopRules.judge(
                                busy(10).bound("the runner used 97% of its 2 cores")
                                        .build(),
                                PLAN)
                        .verdict())
                .isEqualTo(StepVerdict.GENERATOR_BOUND);
        assertThat(StopRules.judge(
                                busy(10).bound("a GC pause stopped the runner for 2.1 s (limit 1.0 s)")
                                        .build(),
                                PLAN)
                        .verdict())
                .as("its collector worked the whole pause: its heap, not the machine")
                .isEqualTo(StepVerdict.GENERATOR_BOUND);
        assertThat(StopRules.judge(
                                StepFixture.step(10)
                                        .host(2, 100, 0.9, 1.05, 0.05)
                                        .late("job fires ran 2.0 s late (p99; limit 1.0 s)")
                                        .build(),
                                PLAN)
                        .verdict())
                .as("the machine filled by zkload's own processes: the runner's limit, with its own advice")
                .isEqualTo(StepVerdict.GENERATOR_BOUND);
    }

    @Test
    void workShortOnAMachineOthersKeptBusyIsTheMachineAndOnAQuietOneASaturation() {
        StopRules.Judgement starved = StopRules.judge(
                busy(5).saturatedByShortfall().delivered(4530, 1993).build(), PLAN);
        assertThat(starved.verdict()).isEqualTo(StepVerdict.HOST_BUSY);
        assertThat(starved.stop().orElseThrow().message())
                .endsWith("which explains what the step saw (only 44% of the 4530 job fires due were delivered)");
        StopRules.Judgement quiet = StopRules.judge(
                StepFixture.step(5)
                        .host(2, 40, 0.3, 0.4, 0.1)
                        .saturatedByShortfall()
                        .delivered(4530, 1993)
                        .build(),
                PLAN);
        assertThat(quiet.verdict()).isEqualTo(StepVerdict.SATURATED);
    }

    @Test
    void aQueueHeldAboveTheThresholdOnABusyMachineIsStillASaturation() {
        // the leader's own queue: observed, whatever took the cores; the limit named says it was the machine
        assertThat(StopRules.judge(busy(100).saturated().build(), PLAN).verdict())
                .isEqualTo(StepVerdict.SATURATED);
    }

    @Test
    void sessionsCutOnABusyMachineAreTheMachineUnlessAServerToldOfAFault() {
        StopRules.Judgement cut = StopRules.judge(busy(10).events(12, 12, 0).build(), PLAN);
        assertThat(cut.verdict()).isEqualTo(StepVerdict.HOST_BUSY);
        assertThat(cut.stop().orElseThrow().message())
                .endsWith("(12 disconnections and 0 expiries among 500 simulated sessions)");
        assertThat(StopRules.judge(
                                busy(10).events(12, 12, 0)
                                        .leaderChanged(1)
                                        .leaderless(1.5)
                                        .build(),
                                PLAN)
                        .verdict())
                .as("an election is the servers' own word")
                .isEqualTo(StepVerdict.DISTURBED);
        assertThat(StopRules.judge(
                                busy(10).events(12, 12, 0)
                                        .notServing("127.0.0.1:2183")
                                        .build(),
                                PLAN)
                        .verdict())
                .as("a server that said it did not serve")
                .isEqualTo(StepVerdict.DISTURBED);
        assertThat(StopRules.judge(
                                StepFixture.step(10)
                                        .hostDuringAdd(2, 99, 0.2, 0.3, 1.4)
                                        .events(12, 12, 0)
                                        .build(),
                                PLAN)
                        .verdict())
                .as("busy while the domains registered, when the sessions were cut")
                .isEqualTo(StepVerdict.HOST_BUSY);
        assertThat(StopRules.judge(busy(10).events(26, 26, 26).build(), PLAN).verdict())
                .as("an expiry storm no server told of")
                .isEqualTo(StepVerdict.HOST_BUSY);
    }

    @Test
    void everyServerSilentOnABusyMachineIsNeitherAFaultNorTheRunner() {
        StopRules.Judgement j = StopRules.judge(
                busy(10).unresponsive("127.0.0.1:2181", 5.4)
                        .unresponsive("127.0.0.1:2182", 6)
                        .unresponsive("127.0.0.1:2183", 7)
                        .build(),
                PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.STABLE);
        assertThat(Disturbances.of(busy(10).unresponsive("127.0.0.1:2181", 5.4).build())
                        .readerOnlySilences())
                .as("the reader's silence alone, noted with how long")
                .hasValue(Map.of("127.0.0.1:2181", 5.4));
    }

    @Test
    void aServerThatDiedOfOutOfMemoryIsAFaultSaidWithWhatItLeft() {
        StopRules.Judgement j = StopRules.judge(
                busy(30).died(
                                "127.0.0.1:2183",
                                "died of an OutOfMemoryError: its GC log ends in 2 full collections that freed"
                                        + " nothing (46.9 MB of its 48.0 MB heap in use after the last)")
                        .notServing("127.0.0.1:2183")
                        .events(20, 20, 0)
                        .build(),
                PLAN);
        assertThat(j.verdict()).as("the server's own end, on any machine").isEqualTo(StepVerdict.DISTURBED);
        assertThat(j.stop().orElseThrow().message())
                .startsWith("at 30 domains the ensemble was disturbed: server 127.0.0.1:2183 died of an"
                        + " OutOfMemoryError: its GC log ends in 2 full collections")
                .doesNotContain("stopped serving");
    }

    @Test
    void aFollowerStalledWhileTheOthersAnsweredWithSessionsCutIsAFaultOnABusyMachineToo() {
        StopRules.Judgement j = StopRules.judge(
                busy(10).silentAlone("127.0.0.1:2183", 22).events(4, 4, 0).build(), PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.DISTURBED);
    }
}
