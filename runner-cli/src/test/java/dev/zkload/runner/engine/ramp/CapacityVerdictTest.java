package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.result.Election;
import dev.zkload.runner.result.LimitedBy;
import dev.zkload.runner.result.RampSummary;
import dev.zkload.runner.result.StepFixture;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepVerdict;
import dev.zkload.runner.result.StopReason;
import java.util.List;
import org.junit.jupiter.api.Test;

class CapacityVerdictTest {
    private static final RampPlan PLAN = plan(true);

    @Test
    void aTargetReachedUnderObservationIsALowerBoundOnTheLimit() {
        RampSummary s = summarize(StopReason.TARGET_REACHED, PLAN, stable(100), stable(200), stable(300));
        assertThat(s.maxStableDomains()).isEqualTo(300);
        assertThat(s.saturationObservable()).isTrue();
        assertThat(s.verdict())
                .isEqualTo("The ensemble carried all 300 domains below saturation: its limit lies above that.");
    }

    @Test
    void withoutServerMetricsTheTargetIsNeverCalledACapacity() {
        RampPlan blind = plan(false);
        RampSummary s =
                summarize(StopReason.TARGET_REACHED, blind, unobservable(100), unobservable(200), unobservable(300));
        assertThat(s.maxStableDomains()).isNull();
        assertThat(s.saturationObservable()).isFalse();
        assertThat(s.verdict())
                .contains("saturation was not observable, so that is not a capacity")
                .doesNotContain("below saturation");
        assertThat(s.qualifications()).anyMatch(q -> q.startsWith("Run with --no-server-metrics"));
    }

    @Test
    void saturationNamesTheStepAndTheLastStableOne() {
        RampSummary s = summarize(
                StopReason.SATURATED,
                PLAN,
                stable(100),
                StepFixture.step(200).saturated().verdict(StepVerdict.SATURATED).build());
        assertThat(s.maxStableDomains()).isEqualTo(100);
        assertThat(s.saturatedAtDomains()).isEqualTo(200);
        assertThat(s.verdict())
                .isEqualTo(
                        "The ensemble saturated at 200 domains; max stable domains: 100."
                                + " Why it saturated was not observed: neither the machine's nor the servers' resources were read at 200 domains.");
    }

    @Test
    void aGeneratorLimitIsReportedAsOneAndSuggestsShards() {
        RampSummary s = summarize(
                StopReason.GENERATOR_BOUND,
                PLAN,
                stable(100),
                StepFixture.step(200)
                        .bound("job fires ran 1.8 s late (p99; limit 1.0 s)")
                        .verdict(StepVerdict.GENERATOR_BOUND)
                        .build());
        assertThat(s.generatorBoundAtDomains()).isEqualTo(200);
        assertThat(s.saturatedAtDomains()).isNull();
        assertThat(s.maxStableDomains()).isEqualTo(100);
        assertThat(s.verdict())
                .isEqualTo("At 200 domains the load generator, not the ensemble, was the limit: the"
                        + " ensemble carried 100 domains, and beyond that its capacity is not known; spread the load over"
                        + " runners on machines of their own (--shard i/N on each), or use a bigger machine, to go"
                        + " further.");
        assertThat(s.qualifications()).anyMatch(q -> q.contains("job fires ran 1.8 s late"));
    }

    @Test
    void aGeneratorBoundStepWhoseLeaderAlsoSaturatedSaysSoWithoutCountingIt() {
        // as measured on the project's 2-core machine: the runner's fires 1.4 s late at 100 domains, the leader's
        // queue averaging 475 meanwhile as the rule counts it (each sample up to 600; a burst lifted the plain mean)
        RampSummary s = summarize(
                StopReason.GENERATOR_BOUND,
                PLAN,
                stable(80),
                StepFixture.step(100)
                        .saturatedOnAverage(0.877, 612.0)
                        .countedMean(475.3)
                        .bound("job fires ran 1.4 s late (p99; limit 1.0 s)")
                        .verdict(StepVerdict.GENERATOR_BOUND)
                        .build());
        assertThat(s.saturatedAtDomains())
                .as("the runner's limit keeps it from counting")
                .isNull();
        assertThat(s.maxStableDomains()).isEqualTo(80);
        assertThat(s.verdict())
                .isEqualTo("At 100 domains the load generator, not the ensemble, was the limit, though the leader's"
                        + " queue met the saturation rule there too (it averaged 475 outstanding requests against the"
                        + " threshold of 300, so the ensemble's limit may be there): the ensemble carried 80 domains,"
                        + " and beyond that its capacity is not known; spread the load over runners on machines of their"
                        + " own (--shard i/N on each), or use a bigger machine, to go further.");
    }

    @Test
    void noStableStepReadsAsNoneNotZero() {
        RampSummary s = summarize(
                StopReason.SATURATED,
                PLAN,
                StepFixture.step(100).saturated().verdict(StepVerdict.SATURATED).build());
        assertThat(s.maxStableDomains()).isNull();
        assertThat(s.verdict()).contains("max stable domains: none.");
    }

    @Test
    void withAModelFileTheAnswerIsCountedInTheUsersDomains() {
        RampPlan mine = Plans.plan(300, true, "model file prod.yaml: 80% like payments, 20% like batch");
        String yours = " of your domains (model file prod.yaml: 80% like payments, 20% like batch)";
        RampSummary saturated = summarize(
                StopReason.SATURATED,
                mine,
                stable(100),
                stable(200),
                StepFixture.step(300).saturated().verdict(StepVerdict.SATURATED).build());
        assertThat(saturated.verdict())
                .isEqualTo(
                        "The ensemble saturated at 300 domains; max stable domains: 200" + yours + "."
                                + " Why it saturated was not observed: neither the machine's nor the servers' resources were read at 300 domains.");
        assertThat(summarize(StopReason.TARGET_REACHED, mine, stable(100), stable(300))
                        .verdict())
                .isEqualTo("The ensemble carried all 300" + yours + " below saturation: its limit lies above that.");
        assertThat(summarize(StopReason.INTERRUPTED, mine, stable(100)).verdict())
                .isEqualTo("Interrupted before a verdict; max stable domains so far: 100" + yours + ".");
        // with no stable step, the words go with the first count the verdict names, and only there
        RampSummary none = summarize(
                StopReason.SATURATED,
                mine,
                StepFixture.step(100).saturated().verdict(StepVerdict.SATURATED).build());
        assertThat(none.verdict())
                .isEqualTo(
                        "The ensemble saturated at 100" + yours + "; max stable domains: none."
                                + " Why it saturated was not observed: neither the machine's nor the servers' resources were read at 100 domains.");
        RampSummary bound = summarize(
                StopReason.GENERATOR_BOUND,
                mine,
                stable(100),
                StepFixture.step(200)
                        .bound("job fires ran 1.8 s late (p99; limit 1.0 s)")
                        .verdict(StepVerdict.GENERATOR_BOUND)
                        .build());
        assertThat(bound.verdict())
                .startsWith("At 200 domains the load generator, not the ensemble, was the limit: the ensemble"
                        + " carried 100" + yours + ", and beyond");
    }

    @Test
    void aStepWhoseLeaderWentUnansweredIsNamed() {
        RampSummary s = summarize(StopReason.TARGET_REACHED, PLAN, stable(100), unobservable(200), stable(300));
        assertThat(s.saturationObservable()).isFalse();
        assertThat(s.maxStableDomains()).isEqualTo(300);
        assertThat(s.qualifications()).anyMatch(q -> q.startsWith("Saturation was not observable at 200 domains"));
    }

    @Test
    void aBaselineWhoseLeaderWentUnansweredIsSaidSo() {
        RampSummary s = summarize(
                StopReason.TARGET_REACHED,
                PLAN,
                StepFixture.step(0).baseline(60).build(),
                stable(100),
                stable(200));
        assertThat(s.qualifications())
                .first()
                .isEqualTo("The leader's statistics went unanswered in 40 of the baseline's 100 rounds (see"
                        + " serverMetrics in steps.jsonl): the baseline's server figures, which each step is compared"
                        + " with, rest on the 60 that answered.");
        assertThat(summarize(
                                StopReason.TARGET_REACHED,
                                PLAN,
                                StepFixture.step(0).baseline(95).build(),
                                stable(100))
                        .qualifications())
                .as("a missed round or two is no qualification")
                .noneMatch(q -> q.contains("baseline"));
        assertThat(summarize(
                                StopReason.TARGET_REACHED,
                                PLAN,
                                StepFixture.step(0).baseline(0).build(),
                                stable(100))
                        .qualifications())
                .as("a leader never asked (followers alone named) is not a baseline's unanswered rounds")
                .noneMatch(q -> q.contains("baseline"));
    }

    @Test
    void aStepStoppedWhileItRegisteredIsNeitherCalledUnansweredNorJudged() {
        StepResult refused = StepFixture.step(20)
                .registrationOnly()
                .verdict(StepVerdict.SERVER_LIMIT)
                .build();
        RampSummary s = summarize(StopReason.SERVER_REFUSED_CONNECTIONS, PLAN, stable(10), refused);
        assertThat(s.saturationObservable()).isFalse();
        assertThat(s.maxStableDomains()).isEqualTo(10);
        assertThat(s.verdict()).startsWith("A server refused this runner's connections");
        assertThat(s.qualifications())
                .noneMatch(q -> q.contains("unanswered"))
                .noneMatch(q -> q.contains("settled load was judged"))
                .contains(
                        "The step to 20 domains ended while its domains registered: no load settled, so it has no"
                                + " settled figures and no benchmark.",
                        "While the step to 20 domains registered them, the runner was the bottleneck (the runner used"
                                + " 98% of its 2 cores (limit 95%)).");
    }

    @Test
    void aDisturbedStepNamesItsEventsAndTheLastStableOne() {
        StepResult disturbed = StepFixture.step(20)
                .leaderChanged(1)
                .leaderless(2.1)
                .unresponsive("127.0.0.1:2183", 20)
                .verdict(StepVerdict.DISTURBED)
                .build();
        StopRules.Judgement j = StopRules.judge(disturbed, PLAN);
        RampSummary s = CapacityVerdict.summarize(
                j.stop().orElseThrow().reason(),
                j.stop().orElseThrow().message(),
                List.of(stable(10), disturbed),
                PLAN,
                false);
        assertThat(s.stopReason()).isEqualTo(StopReason.DISTURBED);
        assertThat(s.saturationObservable())
                .as("the fault, not the load, was measured, though the leader's statistics were all answered")
                .isFalse();
        assertThat(s.maxStableDomains()).isEqualTo(10);
        assertThat(s.saturatedAtDomains()).isNull();
        assertThat(s.verdict())
                .isEqualTo("At 20 domains the ensemble was disturbed: the leader changed (2.1 s without a leader);"
                        + " server 127.0.0.1:2183 did not answer for 20 s; a disturbed step measures the fault, not the"
                        + " load's cost; max stable domains: 10.");
    }

    @Test
    void aLeaderKilledInAStepThatStrainedTheRunnerIsTheFaultsWithTheElectionInTheSummary() {
        StepResult killed = StepFixture.step(20)
                .leaderChanged(1)
                .leaderless(4.2)
                .events(50, 50, 0)
                .ensemble(3, "127.0.0.1:2183", "127.0.0.1:2182")
                .bound("a GC pause stopped the runner for 1.3 s (limit 1.0 s)")
                .build();
        StopRules.Judgement j = StopRules.judge(killed, PLAN);
        RampSummary s = CapacityVerdict.summarize(
                j.stop().orElseThrow().reason(),
                j.stop().orElseThrow().message(),
                List.of(stable(10), killed.withVerdict(j.verdict())),
                PLAN,
                false);
        assertThat(s.stopReason()).isEqualTo(StopReason.DISTURBED);
        assertThat(s.generatorBoundAtDomains()).isNull();
        assertThat(s.verdict())
                .startsWith("At 20 domains the ensemble was disturbed: the leader changed (4.2 s without a leader);")
                .doesNotContain("--shard");
        assertThat(s.qualifications())
                .containsExactly("At 20 domains the runner passed its limits (a GC pause stopped the runner for 1.3 s"
                        + " (limit 1.0 s)) while the ensemble failed: the fault's reconnecting sessions and delayed"
                        + " fires strain it, so the step counts as disturbed, not as the runner's limit.");
        assertThat(s.elections()).containsExactly(new Election(1, 20, 1, 4.2, "127.0.0.1:2182"));
        assertThat(s.elections().get(0).text())
                .isEqualTo("step 1 (20 domains): a new leader, 4.2 s without a leader; 127.0.0.1:2182 led after it");
    }

    @Test
    void aRunnerThatItsOwnServersStarvedIsNeverToldToAddRunnersHere() {
        RampSummary s = CapacityVerdict.summarize(
                StopReason.GENERATOR_BOUND,
                "m",
                List.of(
                        stable(10),
                        StepFixture.step(20)
                                .host(2, 100, 0.9, 1.05, 0.05)
                                .bound("job fires ran 1.8 s late (p99; limit 1.0 s)")
                                .verdict(StepVerdict.GENERATOR_BOUND)
                                .build()),
                PLAN,
                true);
        assertThat(s.verdict())
                .endsWith("; the runner and the servers filled this machine's 2 cores between them: run the servers on"
                        + " machines of their own (--connect), or use a machine of at least 4 cores, where they get"
                        + " cores of their own, to go further.")
                .doesNotContain("--shard");
    }

    @Test
    void aMachineTooBusyToMeasureIsTheVerdictsHeadlineWithItsCure() {
        StepResult starved = StepFixture.step(10)
                .host(2, 99.5, 0.16, 0.35, 1.39)
                .late("job fires ran 2.1 s late (p99; limit 1.0 s)")
                .build();
        StopRules.Judgement j = StopRules.judge(starved, PLAN);
        RampSummary s = CapacityVerdict.summarize(
                j.stop().orElseThrow().reason(),
                j.stop().orElseThrow().message(),
                List.of(stable(5), starved.withVerdict(j.verdict())),
                PLAN,
                true);
        assertThat(s.stopReason()).isEqualTo(StopReason.HOST_BUSY);
        assertThat(s.maxStableDomains()).isEqualTo(5);
        assertThat(s.generatorBoundAtDomains()).isNull();
        assertThat(s.verdict())
                .isEqualTo("At 10 domains this machine was too busy to measure: other processes took 1.39 of the 2"
                        + " cores (100% busy; the runner 0.16, the servers 0.35). The ensemble carried 5 domains, and"
                        + " beyond that its capacity is not known: run zkload where nothing else competes for the"
                        + " cores, or with the servers on machines of their own (--connect), to measure it.");
        assertThat(s.limitedBy().resource()).isEqualTo(LimitedBy.Resource.THIS_MACHINE);
        assertThat(s.limitedBy().evidence()).startsWith("other processes took 1.39 of the 2 cores");
        assertThat(s.qualifications())
                .as("the host first, the runner never named as the bottleneck")
                .noneMatch(q -> q.contains("the runner was the bottleneck"))
                .first()
                .asString()
                .startsWith("Noisy host: at 10 domains");
    }

    @Test
    void theDecisionIsDataTheStepItIsAboutAndTheSaturationTheRunnersLimitKeptFromCounting() {
        StepResult bound = StepFixture.step(100)
                .saturatedOnAverage(0.877, 612.0)
                .countedMean(475.3)
                .bound("job fires ran 1.4 s late (p99; limit 1.0 s)")
                .verdict(StepVerdict.GENERATOR_BOUND)
                .build();
        Verdict v =
                CapacityVerdict.decide(StopReason.GENERATOR_BOUND, "m", List.of(stable(80), bound), PLAN, true, null);
        assertThat(v.maxStable()).isEqualTo(80);
        assertThat(v.boundAt()).isEqualTo(100);
        assertThat(v.saturatedAt()).isNull();
        assertThat(v.observable()).isTrue();
        assertThat(v.limitStep()).isSameAs(bound);
        assertThat(v.saturatedToo().judgedMean()).isEqualTo(475.3);
        assertThat(v.limitedBy().resource()).isEqualTo(LimitedBy.Resource.RUNNER);
        assertThat(v.threshold()).isEqualTo(PLAN.outstandingThreshold());
        assertThat(v.embedded()).isTrue();
    }

    @Test
    void aFaultsDecisionObservedNoSaturationAndNamesNoResource() {
        StepResult disturbed = StepFixture.step(20)
                .leaderChanged(1)
                .leaderless(2.1)
                .verdict(StepVerdict.DISTURBED)
                .build();
        Verdict v = CapacityVerdict.decide(
                StopReason.DISTURBED, "the leader changed", List.of(stable(10), disturbed), PLAN, false, null);
        assertThat(v.observable()).isFalse();
        assertThat(v.maxStable()).isEqualTo(10);
        assertThat(v.limitStep()).isNull();
        assertThat(v.limitedBy()).isNull();
        assertThat(v.marginal()).isEmpty();
    }

    @Test
    void theQualificationsAreDecidedAsDataWithTheirFiguresInTheSummarysOrder() {
        StepResult refused = StepFixture.step(20)
                .registrationOnly()
                .verdict(StepVerdict.SERVER_LIMIT)
                .build();
        Verdict v = CapacityVerdict.decide(
                StopReason.SERVER_REFUSED_CONNECTIONS,
                "m",
                List.of(StepFixture.step(0).baseline(60).build(), stable(10), refused),
                PLAN,
                false,
                null);
        assertThat(v.qualifications())
                .containsExactly(
                        new Qualification.BaselineUnanswered(100, 60),
                        new Qualification.RegistrationOnly(20),
                        new Qualification.RunnerWhileRegistering(
                                20, null, List.of("the runner used 98% of its 2 cores (limit 95%)"), true));
    }

    private static RampSummary summarize(StopReason reason, RampPlan plan, StepResult... steps) {
        return CapacityVerdict.summarize(reason, "m", List.of(steps), plan, false);
    }

    private static StepResult stable(int domains) {
        return StepFixture.step(domains).verdict(StepVerdict.STABLE).build();
    }

    private static StepResult unobservable(int domains) {
        return StepFixture.step(domains)
                .unobservable()
                .verdict(StepVerdict.UNOBSERVABLE)
                .build();
    }

    private static RampPlan plan(boolean metrics) {
        return Plans.plan(300, metrics);
    }
}
