package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CronMomentsTest {
    private static CronMoments utc(String cron) {
        return CronMoments.of(cron, ZoneOffset.UTC).orElseThrow();
    }

    /** The next {@code n} moments after {@code from}, as ISO instants. */
    private static List<String> next(CronMoments m, String from, int n) {
        List<String> out = new ArrayList<>();
        long t = Instant.parse(from).toEpochMilli();
        for (int i = 0; i < n; i++) {
            t = m.nextAfter(t);
            out.add(Instant.ofEpochMilli(t).toString());
        }
        return out;
    }

    @Test
    void anEvenCronFiresAtItsOwnSecondsOfTheClock() {
        assertThat(next(utc("0/5 * * * * ?"), "2026-11-26T10:00:03.500Z", 3))
                .containsExactly("2026-11-26T10:00:05Z", "2026-11-26T10:00:10Z", "2026-11-26T10:00:15Z");
        assertThat(next(utc("0 0 2 * * ?"), "2026-11-26T02:00:00Z", 2))
                .as("strictly after: a moment itself is not its own next")
                .containsExactly("2026-11-27T02:00:00Z", "2026-11-28T02:00:00Z");
    }

    @Test
    void anUnevenCronFiresAtItsMomentsWhateverTheGapsBetweenThem() {
        // minute 0, 7, …, 56 of each hour, then 0 again: a 4-minute gap across the hour
        assertThat(next(utc("0 0/7 * * * ?"), "2026-11-26T10:55:00Z", 3))
                .containsExactly("2026-11-26T10:56:00Z", "2026-11-26T11:00:00Z", "2026-11-26T11:07:00Z");
        // on the hour through a working day, then Monday: 2026-11-27 is a Friday
        assertThat(next(utc("0 0 9-17 ? * MON-FRI"), "2026-11-27T16:30:00Z", 3))
                .containsExactly("2026-11-27T17:00:00Z", "2026-11-30T09:00:00Z", "2026-11-30T10:00:00Z");
        assertThat(next(utc("0 30 1 1,15 * ?"), "2026-11-26T00:00:00Z", 2))
                .containsExactly("2026-12-01T01:30:00Z", "2026-12-15T01:30:00Z");
        assertThat(next(utc("0 0 12 ? JAN-JUN 1"), "2026-11-26T00:00:00Z", 1))
                .as("Sunday is 1, as in Quartz: 2027-01-03 is a Sunday")
                .containsExactly("2027-01-03T12:00:00Z");
        assertThat(next(utc("0 0 8 ? * WED"), "2026-11-26T00:00:00Z", 1))
                .as("WED is a day of the week, not a W")
                .containsExactly("2026-12-02T08:00:00Z");
        assertThat(next(utc("0 0 0 29 2 ?"), "2026-11-26T00:00:00Z", 1)).containsExactly("2028-02-29T00:00:00Z");
    }

    @Test
    void theMomentsAreTheTimeZonesWallClock() {
        assertThat(next(
                        CronMoments.of("0 0 2 * * ?", ZoneId.of("Asia/Shanghai"))
                                .orElseThrow(),
                        "2026-11-26T00:00:00Z",
                        1))
                .containsExactly("2026-11-26T18:00:00Z");
        // Europe/Berlin leaves summer time on 2026-10-25: 02:30 comes twice, and fires once, at the first
        CronMoments berlin =
                CronMoments.of("0 30 2 * * ?", ZoneId.of("Europe/Berlin")).orElseThrow();
        assertThat(next(berlin, "2026-10-24T12:00:00Z", 2))
                .containsExactly("2026-10-25T00:30:00Z", "2026-10-26T01:30:00Z");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"0 0 12 L * ?", "0 0 12 15W * ?", "0 0 12 ? * 6#3", "0 0 12 ? * 6L", "0 0 12 * * ? 2027", "0 0 0 30 2 ?"
    })
    void aCronWithoutMomentsHereStaysSpread(String cron) {
        assertThat(CronMoments.of(cron, ZoneOffset.UTC)).isEmpty();
    }

    @Test
    void aCronThatCannotBeReadIsRefusedInTheRatesWords() {
        assertThatThrownBy(() -> CronMoments.of("0 60 * * * ?", ZoneOffset.UTC))
                .hasMessageContaining("cannot read '60'");
    }

    @Test
    void theSameCronInTheSameZoneIsTheSameMoments() {
        assertThat(utc("0 * * * * ?"))
                .isEqualTo(utc("0 * * * * ?"))
                .hasSameHashCodeAs(utc("0 * * * * ?"))
                .isNotEqualTo(CronMoments.of("0 * * * * ?", ZoneId.of("Asia/Shanghai"))
                        .orElseThrow());
    }
}
