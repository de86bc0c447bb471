package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class FireLedgerTest {
    private static final long T0 = 1_764_000_000_000L;
    private final AtomicLong now = new AtomicLong(T0);
    private final FireLedger ledger = new FireLedger(now::get);

    @Test
    void aFireDoneWithinItsRunTimeAndTheSlackIsDeliveredAndOneDoneLaterIsNot() {
        FireLedger.Fire onTime = ledger.due(T0, 2_000);
        FireLedger.Fire late = ledger.due(T0 + 100, 2_000);
        ledger.due(T0 + 200, 2_000); // its session was cut: never done
        now.set(T0 + 2_050);
        onTime.done();
        now.set(T0 + 2_100 + FireLedger.SLACK_MS + 1);
        late.done();
        now.set(T0 + 60_000);

        JobFires f = ledger.between(Instant.ofEpochMilli(T0), Instant.ofEpochMilli(T0 + 30_000));

        assertThat(f.due()).isEqualTo(3);
        assertThat(f.delivered()).isEqualTo(1);
        assertThat(f.deliveredShare()).isEqualTo(1.0 / 3);
    }

    @Test
    void firesStillWithinTheirTimeAreNotJudgedYet() {
        ledger.due(T0, 1_000).done();
        ledger.due(T0 + 5_000, 1_000); // running: its deadline is T0 + 16 s
        now.set(T0 + 12_000);

        JobFires f = ledger.between(Instant.ofEpochMilli(T0), Instant.ofEpochMilli(T0 + 12_000));

        assertThat(f.due()).isEqualTo(1);
        assertThat(f.delivered()).isEqualTo(1);
        assertThat(f.judgedUntil()).isEqualTo(Instant.ofEpochMilli(T0 + 1_000));
    }

    @Test
    void onlyTheWholeSecondsOfTheWindowCountAndAnHourOldBucketIsForgotten() {
        ledger.due(T0 - 500, 0).done(); // the second before the window
        ledger.due(T0 + 1_000, 0).done();
        now.set(T0 + FireLedger.SECONDS * 1000L + 1_000);
        ledger.due(T0 + FireLedger.SECONDS * 1000L + 1_000, 0); // the same bucket as T0 + 1 s, an hour on
        now.set(T0 + FireLedger.SECONDS * 1000L + 20_000);

        assertThat(ledger.between(Instant.ofEpochMilli(T0 - 100), Instant.ofEpochMilli(T0 + 5_000))
                        .due())
                .isZero();
        assertThat(ledger.between(
                                Instant.ofEpochMilli(T0 + FireLedger.SECONDS * 1000L),
                                Instant.ofEpochMilli(T0 + FireLedger.SECONDS * 1000L + 5_000))
                        .delivered())
                .isZero();
    }

    @Test
    void noFireDueIsNotAShare() {
        assertThat(ledger.between(Instant.ofEpochMilli(T0), Instant.ofEpochMilli(T0 + 1_000))
                        .deliveredShare())
                .isNaN();
    }
}
