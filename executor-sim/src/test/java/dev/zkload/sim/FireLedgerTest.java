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
    void onlyTheWholeSecondsOfTheWindowCount() {
        ledger.due(T0 - 500, 0).done(); // the second before the window
        ledger.due(T0 + 1_000, 0).done();
        ledger.due(T0 + 5_000, 0).done(); // the second the window ends at: outside it
        now.set(T0 + 60_000);

        JobFires f = ledger.between(Instant.ofEpochMilli(T0 - 100), Instant.ofEpochMilli(T0 + 5_000));

        assertThat(f.due()).isEqualTo(1);
        assertThat(f.judgedUntil()).isEqualTo(Instant.ofEpochMilli(T0 + 2_000));
    }

    @Test
    void aSoakOfHoursIsJudgedWholeSecondBySecondAndAnyWindowOfItToo() {
        // six hours of fires, one every ten seconds, the tenth of each minute never done (a dip of the ensemble)
        long hours = 6;
        long fires = 0;
        long delivered = 0;
        for (long t = 0; t < hours * 3_600_000; t += 10_000) {
            now.set(T0 + t);
            FireLedger.Fire fire = ledger.due(T0 + t, 2_000);
            fires++;
            if (t % 60_000 != 30_000) {
                fire.done();
                delivered++;
            }
        }
        now.set(T0 + hours * 3_600_000 + 60_000);

        JobFires whole = ledger.between(Instant.ofEpochMilli(T0), Instant.ofEpochMilli(T0 + hours * 3_600_000));
        assertThat(whole.due())
                .as("every fire of six hours, not the last hour's")
                .isEqualTo(fires);
        assertThat(whole.delivered()).isEqualTo(delivered);
        assertThat(whole.deliveredShare()).isEqualTo(5.0 / 6);

        // the second hour alone, from a second that is no minute's edge
        JobFires second =
                ledger.between(Instant.ofEpochMilli(T0 + 3_600_000 + 1_234), Instant.ofEpochMilli(T0 + 7_200_000));
        assertThat(second.due()).isEqualTo(359);
        assertThat(second.judgedUntil()).isEqualTo(Instant.ofEpochMilli(T0 + 7_190_000 + 1_000));
    }

    @Test
    void noFireDueIsNotAShare() {
        assertThat(ledger.between(Instant.ofEpochMilli(T0), Instant.ofEpochMilli(T0 + 1_000))
                        .deliveredShare())
                .isNaN();
    }
}
