package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.assertj.core.data.Offset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CronRateTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "0 * * * * ?|1440",
                "0/5 * * * * ?|17280",
                "*/10 * * * * ?|8640",
                "0 0/15 * * * ?|96",
                "0 0 2 * * ?|1",
                "0 0 9-17 ? * MON-FRI|6.428571",
                "0 30 1 1 * ?|0.032854",
                "0 0,30 * * * ? *|48",
                "0 0 12 ? JAN-JUN 1|0.071429",
                "0 0 12 ? * MON-WED|0.428571",
            })
    void firesPerDayOfSaturnsCrons(String cron, double perDay) {
        assertThat(CronRate.firesPerDay(cron)).isCloseTo(perDay, Offset.offset(1e-5));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "0 * * * *|has 5 fields",
                "0 60 * * * ?|cannot read '60'",
                "a * * * * ?|cannot read 'a'",
                "0/0 * * * * ?|cannot read '0/0'",
            })
    void aCronThatCannotBeReadSaysWhichField(String cron, String message) {
        assertThatThrownBy(() -> CronRate.firesPerDay(cron)).hasMessageContaining(message);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {"0 * * * * ?|60000", "0/5 * * * * ?|5000", "0 0 2 * * ?|86400000"})
    void thePeriodIsTheMeanIntervalBetweenFires(String cron, long periodMs) {
        assertThat(CronRate.periodMs(cron)).isEqualTo(periodMs);
    }
}
