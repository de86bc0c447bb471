package dev.zkload.bench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.zk.connect.ServerAddress;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class SampleHistoryTest {
    private static final ServerAddress SERVER = new ServerAddress("127.0.0.1", 2181);

    @Test
    void keepsTheNewestRoundsOldestFirstAndAnswersSinceAMoment() {
        SampleHistory history = new SampleHistory(2);
        assertThat(history.newest()).isEmpty();
        for (int t = 1; t <= 3; t++) {
            history.accept(List.of(new StatsSample(Instant.ofEpochSecond(t), SERVER, null, "round " + t)));
        }
        assertThat(history.all()).extracting(r -> r.get(0).error()).containsExactly("round 2", "round 3");
        assertThat(history.since(Instant.ofEpochSecond(3)))
                .extracting(r -> r.get(0).error())
                .containsExactly("round 3");
        assertThat(history.newest()).get().extracting(r -> r.get(0).error()).isEqualTo("round 3");
    }
}
