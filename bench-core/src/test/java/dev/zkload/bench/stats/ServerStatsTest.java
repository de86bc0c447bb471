package dev.zkload.bench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.zk.connect.ServerAddress;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A server's summaries read from mntr's keys, as either metrics provider names them. */
class ServerStatsTest {
    private static final ServerAddress SERVER = new ServerAddress("127.0.0.1", 2181);

    @Test
    void aSummaryIsReadFromTheDefaultProvidersKeysWithItsMaximum() {
        ServerStats s = ServerStats.fromKeys(
                SERVER,
                ServerStats.Source.FOUR_LETTER_WORD,
                Map.of("zk_cnt_fsynctime", "120", "zk_sum_fsynctime", "84", "zk_max_fsynctime", "9"));

        assertThat(s.summary("fsynctime")).contains(new ServerStats.Summary(120, 84.0, 9.0));
    }

    @Test
    void aServerWithPrometheusAsItsProviderNamesItsSummariesThePrometheusWayWithoutAMaximum() {
        ServerStats s = ServerStats.fromKeys(
                SERVER,
                ServerStats.Source.FOUR_LETTER_WORD,
                Map.of(
                        "zk_fsynctime_count", "120.0",
                        "zk_fsynctime_sum", "84.0",
                        "zk_fsynctime{quantile=\"0.5\"}", "0.4"));

        ServerStats.Summary f = s.summary("fsynctime").orElseThrow();
        assertThat(f.count()).isEqualTo(120);
        assertThat(f.sum()).isEqualTo(84.0);
        assertThat(f.max()).isNaN();
        assertThat(s.summary("quorum_ack_latency")).isEmpty();
    }
}
