package dev.zkload.runner.threshold;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.result.ThresholdResult;
import dev.zkload.runner.result.ThresholdResult.Status;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ThresholdsTest {

    private static ThresholdResult judge(String text, Measurement... levels) {
        Threshold t = ThresholdParser.parse(text, Catalogs.RAMP);
        return Thresholds.evaluate(List.of(t), x -> List.of(levels)).get(0);
    }

    @ParameterizedTest
    @CsvSource({
        "tps<100,99,PASS", "tps<100,100,FAIL",
        "tps<=100,100,PASS", "tps<=100,101,FAIL",
        "tps>100,101,PASS", "tps>100,100,FAIL",
        "tps>=100,100,PASS", "tps>=100,99,FAIL",
        "tps==100,100,PASS", "tps==100,99,FAIL",
        "tps!=100,99,PASS", "tps!=100,100,FAIL"
    })
    void everyComparisonOnAnExactValue(String text, double value, Status expected) {
        ThresholdResult r = judge(text, Measurement.exact(value, "load-1 (100 domains)"));
        assertThat(r.status()).isEqualTo(expected);
        assertThat(r.value()).isEqualTo(value);
        assertThat(r.at()).isEqualTo("load-1 (100 domains)");
    }

    @Test
    void everyLevelMustHoldAndTheWorstOneIsShown() {
        ThresholdResult pass = judge(
                "p99<20ms",
                Measurement.exact(3, "load-1"),
                Measurement.exact(12.5, "load-2"),
                Measurement.exact(7, "load-3"));
        assertThat(pass.status()).isEqualTo(Status.PASS);
        assertThat(pass.value()).isEqualTo(12.5);
        assertThat(pass.detail()).isEqualTo("12.5 ms at load-2 (the closest to the limit of 3)");

        ThresholdResult fail = judge(
                "tps>=1000",
                Measurement.exact(1500, "load-1"),
                Measurement.exact(900, "load-2"),
                Measurement.exact(400, "load-3"));
        assertThat(fail.status()).isEqualTo(Status.FAIL);
        assertThat(fail.value()).isEqualTo(400.0);
        assertThat(fail.detail()).isEqualTo("400/s at load-3 (the worst of 3)");
    }

    @Test
    void aLevelNotObservedNeverPassesButAFailureElsewhereStillFails() {
        Measurement bound = Measurement.notObserved("load-3 (300 domains)", "the load generator was the bottleneck");
        ThresholdResult unobserved = judge("p99<20ms", Measurement.exact(3, "load-1"), bound);
        assertThat(unobserved.status()).isEqualTo(Status.NOT_OBSERVED);
        assertThat(unobserved.passed()).isFalse();
        assertThat(unobserved.value()).isNull();
        assertThat(unobserved.detail())
                .isEqualTo("not observed at load-3 (300 domains): the load generator was the bottleneck");

        ThresholdResult failed = judge("p99<20ms", Measurement.exact(30, "load-1"), bound);
        assertThat(failed.status()).isEqualTo(Status.FAIL);
    }

    @Test
    void aLowerBoundPassesOnlyWhatEveryLargerValueWouldPass() {
        Measurement atLeast = Measurement.atLeast(300, null, "the ramp reached its target before it saturated");
        assertThat(judge("max-stable-domains>=300", atLeast).status()).isEqualTo(Status.PASS);
        assertThat(judge("max-stable-domains>=300", atLeast).detail())
                .isEqualTo("at least 300; the ramp reached its target before it saturated");
        assertThat(judge("max-stable-domains>=400", atLeast).status()).isEqualTo(Status.NOT_OBSERVED);
        assertThat(judge("max-stable-domains<=300", atLeast).status())
                .as("the capacity may be far above 300")
                .isEqualTo(Status.NOT_OBSERVED);
        assertThat(judge("max-stable-domains<300", atLeast).status()).isEqualTo(Status.FAIL);
        assertThat(judge("max-stable-domains==300", atLeast).status()).isEqualTo(Status.NOT_OBSERVED);
        assertThat(judge("max-stable-domains!=200", atLeast).status()).isEqualTo(Status.PASS);
    }

    @Test
    void countsAddUpOverTheSteps() {
        ThresholdResult none =
                judge("expired-sessions==0", Measurement.exact(0, "load-1"), Measurement.exact(0, "load-2"));
        assertThat(none.status()).isEqualTo(Status.PASS);
        assertThat(none.detail()).isEqualTo("0 over 2 steps");
        ThresholdResult some =
                judge("expired-sessions<=2", Measurement.exact(2, "load-1"), Measurement.exact(1, "load-2"));
        assertThat(some.status()).isEqualTo(Status.FAIL);
        assertThat(some.value()).isEqualTo(3.0);
        ThresholdResult missing = judge(
                "expired-sessions==0",
                Measurement.exact(0, "load-1"),
                Measurement.notObserved("load-2", "the step was interrupted"));
        assertThat(missing.status()).isEqualTo(Status.NOT_OBSERVED);
    }

    @Test
    void nothingMeasuredIsNotObserved() {
        Threshold t = ThresholdParser.parse("p99<1ms@500", Catalogs.RAMP);
        ThresholdResult r = Thresholds.evaluate(List.of(t), x -> List.of()).get(0);
        assertThat(r.status()).isEqualTo(Status.NOT_OBSERVED);
        assertThat(r.detail()).isEqualTo("not observed: the run has no step with 500 domains");
        assertThat(Thresholds.allPassed(List.of(r))).isFalse();
        assertThat(Thresholds.allPassed(List.of())).isTrue();
    }
}
