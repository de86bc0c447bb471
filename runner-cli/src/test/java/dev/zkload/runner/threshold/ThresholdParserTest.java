package dev.zkload.runner.threshold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ThresholdParserTest {

    @Test
    void theIssuesExamplesParse() {
        Threshold stable = ThresholdParser.parse("max-stable-domains>=300", Catalogs.RAMP);
        assertThat(stable.metric().name()).isEqualTo("max-stable-domains");
        assertThat(stable.comparison()).isEqualTo(Comparison.GE);
        assertThat(stable.limit()).isEqualTo(300.0);
        assertThat(stable.level()).isNull();

        Threshold create = ThresholdParser.parse("p99(create)<20ms@200", Catalogs.RAMP);
        assertThat(create.percentile()).isEqualTo(99.0);
        assertThat(create.argument()).isEqualTo("create");
        assertThat(create.comparison()).isEqualTo(Comparison.LT);
        assertThat(create.limit()).isEqualTo(20.0);
        assertThat(create.level()).isEqualTo(200);

        Threshold get = ThresholdParser.parse("p99(get)<5ms", Catalogs.LATENCY);
        assertThat(get.argument()).isEqualTo("get");
        assertThat(get.limit()).isEqualTo(5.0);

        Threshold errors = ThresholdParser.parse("error-rate<0.1%", Catalogs.RAMP);
        assertThat(errors.argument()).isNull();
        assertThat(errors.limit()).isEqualTo(0.001);

        Threshold expired = ThresholdParser.parse("expired-sessions==0", Catalogs.RAMP);
        assertThat(expired.comparison()).isEqualTo(Comparison.EQ);
        assertThat(expired.limit()).isZero();
    }

    @ParameterizedTest
    @CsvSource({"tps<1000,LT", "tps<=1000,LE", "tps>1000,GT", "tps>=1000,GE", "tps==1000,EQ", "tps!=1000,NE"})
    void everyComparison(String text, Comparison expected) {
        Threshold t = ThresholdParser.parse(text, Catalogs.LATENCY);
        assertThat(t.comparison()).isEqualTo(expected);
        assertThat(t.limit()).isEqualTo(1000.0);
        assertThat(t.comparison().symbol()).isEqualTo(text.substring(3, text.length() - 4));
    }

    @ParameterizedTest
    @CsvSource({
        "p99<250us,0.25",
        "p99<250µs,0.25",
        "p99<20ms,20",
        "p99<1.5s,1500",
        "p99<2min,120000",
        "error-rate<0.5%,0.005",
        "error-rate<0.005,0.005",
        "tps>20k,20000",
        "tps>2M,2000000",
        "tps>500/s,500",
        "tps>1.5k/s,1500",
        "expired-sessions<=1k,1000"
    })
    void everyUnitTurnsIntoTheBaseUnit(String text, double base) {
        assertThat(ThresholdParser.parse(text, Catalogs.RAMP).limit())
                .isCloseTo(base, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void bytesAndRatesOfTheFootprint() {
        assertThat(ThresholdParser.parse("writes-per-domain<20/s", Catalogs.SIMULATE)
                        .limit())
                .isEqualTo(20.0);
        assertThat(ThresholdParser.parse("footprint-deviation<=10%", Catalogs.SIMULATE)
                        .limit())
                .isCloseTo(0.1, org.assertj.core.data.Offset.offset(1e-12));
    }

    @ParameterizedTest
    @CsvSource({"p50,50", "p90,90", "p99.9,99.9", "p999,99.9", "p9999,99.99", "p100,100", "p95,95"})
    void anyPercentile(String name, double percentile) {
        assertThat(ThresholdParser.parse(name + "(get)<1ms", Catalogs.LATENCY).percentile())
                .isEqualTo(percentile);
    }

    @Test
    void spacesBetweenThePartsAreAllowed() {
        Threshold t = ThresholdParser.parse(" p99 ( set ) <= 3 ms @ 100 ", Catalogs.RAMP);
        assertThat(t.text()).isEqualTo("p99(set)<=3ms@100");
        assertThat(t.level()).isEqualTo(100);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "p99(craete)<20ms | \"craete\" (character 5) is not an operation; give one of create, set",
                "p99(get)<20 | \"20\" (character 10) needs a unit: pN(op) is a time; write e.g. 20ms",
                "p99(get)<20kg | \"kg\" (character 12) is not a unit of pN(op); give us, µs, ms, s, min",
                "latency<20ms | \"latency\" (character 1) is not a metric of the ramp; give one of max-stable-domains",
                "p0(get)<1ms | \"p0\" (character 1) is not a percentile",
                "p101(get)<1ms | \"p101\" (character 1) is not a percentile",
                "tps=>100 | \"=\" (character 4) is not a comparison; write ==",
                "tps~100 | \"~\" (character 4) is where a comparison belongs",
                "tps< | the end (character 5) is where a number belongs",
                "tps<abc | \"a\" (character 5) is where a number belongs",
                "tps<100x | \"x\" (character 8) is not a unit of tps(op); give none or /s, k",
                "tps<100@ | the end (character 9) is where a number of domains after @ belongs",
                "tps<100@2x | \"x\" (character 10) is left over after the threshold",
                "expired-sessions(get)==0 | \"(\" (character 17) follows expired-sessions, which takes no argument",
                "p99(get<1ms | \"(get<1ms\" (character 4) has no closing parenthesis",
                "<1ms | \"<\" (character 1) is where a metric name",
                "error-rate<1ms | \"ms\" (character 13) is not a unit of error-rate(op); give none or %",
            })
    void aBadThresholdIsOneSentencePointingAtTheBadToken(String text, String message) {
        assertThatThrownBy(() -> ThresholdParser.parse(text, Catalogs.RAMP))
                .isInstanceOf(ThresholdSyntaxException.class)
                .hasMessageContaining(message)
                .hasMessageStartingWith("\"" + text.replace(" ", "") + "\": ")
                .hasMessageNotContaining("\n");
    }

    @Test
    void anEmptyThresholdIsRefused() {
        assertThatThrownBy(() -> ThresholdParser.parse("  ", Catalogs.RAMP))
                .hasMessage("a threshold is empty; write e.g. \"p99(get)<5ms\"");
    }

    @Test
    void latencyAndSimulateHaveNoStepToPick() {
        assertThatThrownBy(() -> ThresholdParser.parse("p99(get)<5ms@200", Catalogs.LATENCY))
                .hasMessageContaining(
                        "\"@\" (character 13) picks a step of the ramp or a level of an experiment; latency has none to pick");
        assertThatThrownBy(() -> ThresholdParser.parse("max-stable-domains>=3", Catalogs.LATENCY))
                .hasMessageContaining(
                        "is not a metric of latency; give one of pN(op), max(op), tps(op), error-rate(op)");
    }

    @Test
    void aLevelThatIsNotAStepOfTheRunIsRefusedBeforeTheRun() {
        List<Integer> steps = List.of(0, 100, 200, 250);
        assertThat(ThresholdParser.parseAll(List.of("p99<5ms@250"), Catalogs.RAMP, Optional.of(steps)))
                .hasSize(1);
        assertThatThrownBy(() ->
                        ThresholdParser.parseAll(List.of("tps>1", "p99<5ms@150"), Catalogs.RAMP, Optional.of(steps)))
                .hasMessage("\"p99<5ms@150\": @150 is not a step of this run; its steps have 0, 100, 200, 250 domains");
    }

    @Test
    void anExperimentsLevelIsWrittenAsItsLevelsAre() {
        List<Integer> counts = List.of(0, 100_000, 1_000_000);
        List<Threshold> parsed = ThresholdParser.parseAll(
                List.of("p99(get)<5ms@100k", "tps(set)>1k@1m", "snapshot-avg<2s@0"),
                Catalogs.ZNODES,
                Optional.of(counts));
        assertThat(parsed).extracting(Threshold::level).containsExactly(100_000, 1_000_000, 0);
        assertThatThrownBy(
                        () -> ThresholdParser.parseAll(List.of("p99<5ms@500k"), Catalogs.ZNODES, Optional.of(counts)))
                .hasMessage("\"p99<5ms@500k\": @500000 is not a level of this run; its levels have 0, 100000, 1000000"
                        + " znodes");
        assertThatThrownBy(() -> ThresholdParser.parse("p99<5ms@3000000k", Catalogs.ZNODES))
                .hasMessageContaining("\"3000000k\" (character 9) is too large");
    }

    @Test
    void eachExperimentNamesItsOwnQuantitiesAndOperations() {
        assertThat(ThresholdParser.parse("session-expiries==0", Catalogs.CONNECTIONS)
                        .metric()
                        .recordedAs())
                .isEqualTo("sessionExpiries");
        assertThatThrownBy(() -> ThresholdParser.parse("p99(watch)<5ms", Catalogs.CONNECTIONS))
                .hasMessageContaining(
                        "\"watch\" (character 5) is not an operation; give one of create, get, set, delete");
        assertThat(ThresholdParser.parse("notification-p99<50ms@5", Catalogs.watches("watchers per znode"))
                        .limit())
                .isEqualTo(50.0);
        assertThatThrownBy(() -> ThresholdParser.parse("max-rate>=20k@1000", Catalogs.MAX_RATE))
                .hasMessageContaining("max-rate has none to pick");
        assertThat(ThresholdParser.parse("max-rate>=20k", Catalogs.MAX_RATE).limit())
                .isEqualTo(20_000.0);
        assertThat(ThresholdParser.parse("max-rate(get)>=20000", Catalogs.MAX_RATE)
                        .argument())
                .isEqualTo("get");
    }
}
