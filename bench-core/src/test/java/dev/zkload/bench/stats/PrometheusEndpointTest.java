package dev.zkload.bench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusEndpointTest {
    /** Lines as ZooKeeper 3.9's PrometheusMetricsProvider writes them (simpleclient 0.9's text format). */
    private static final String TEXT = """
            # HELP znode_count znode_count
            # TYPE znode_count gauge
            znode_count 5.0
            # TYPE fsynctime summary
            fsynctime{quantile="0.5",} 1.0
            fsynctime_count 120.0
            process_cpu_seconds_total 12.34
            jvm_gc_collection_seconds_count{gc="G1 Young Generation",} 7.0
            jvm_gc_collection_seconds_sum{gc="G1 Young Generation",} 0.042
            jvm_gc_collection_seconds_count{gc="G1 Old Generation",} 1.0
            jvm_gc_collection_seconds_sum{gc="G1 Old Generation",} 0.2
            jvm_gc_collection_seconds_count{gc="G1 Concurrent GC",} 3.0
            jvm_gc_collection_seconds_sum{gc="G1 Concurrent GC",} 9.0
            weird_line_without_value
            """;

    @Test
    void samplesAreReadByNameAndLabelsAndTheConcurrentCollectorIsNoPause() {
        Map<String, Double> samples = PrometheusEndpoint.parse(TEXT);

        assertThat(samples)
                .containsEntry("znode_count", 5.0)
                .containsEntry("fsynctime{quantile=\"0.5\",}", 1.0)
                .containsEntry("fsynctime_count", 120.0)
                .doesNotContainKey("weird_line_without_value");
        PrometheusReading r = PrometheusReading.of(1, samples);
        assertThat(r.cpuSeconds()).isEqualTo(12.34);
        assertThat(r.gcCount()).isEqualTo(8.0);
        assertThat(r.gcSeconds()).isCloseTo(0.242, org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void aProcessWithoutItsJvmMetricsReadsAsUnknown() {
        PrometheusReading r = PrometheusReading.of(1, PrometheusEndpoint.parse("znode_count 5\n"));
        assertThat(r.cpuSeconds()).isNaN();
        assertThat(r.gcCount()).isNaN();
    }

    @Test
    void aWindowsUsageIsTheDifferenceOfItsTotalsOverItsLength() {
        PrometheusReading before = new PrometheusReading(0, 10.0, 4, 0.1);
        PrometheusReading after = new PrometheusReading(2_000_000_000L, 11.5, 6, 0.13);

        PrometheusReading.Usage u = after.usageSince(before).orElseThrow();
        assertThat(u.cores()).isCloseTo(0.75, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(u.gcPauses()).isEqualTo(2L);
        assertThat(u.gcTotalMs()).isCloseTo(30.0, org.assertj.core.api.Assertions.within(1e-6));
        // a server that restarted in the window: its totals start again, and the window is not read
        assertThat(new PrometheusReading(3_000_000_000L, 0.4, 1, 0.01).usageSince(after))
                .isEmpty();
        // CPU without the collectors: GC is unknown, not zero
        PrometheusReading.Usage noGc = new PrometheusReading(2_000_000_000L, 11.0, Double.NaN, Double.NaN)
                .usageSince(new PrometheusReading(0, 10.0, Double.NaN, Double.NaN))
                .orElseThrow();
        assertThat(noGc.gcPauses()).isNull();
        assertThat(noGc.gcTotalMs()).isNull();
    }

    @Test
    void anIpv6ServersEndpointHasItsAddressInBrackets() {
        assertThat(PrometheusEndpoint.of(
                                PrometheusEndpoint.DEFAULT_TEMPLATE,
                                new dev.zkload.zk.connect.ServerAddress("fd00::5", 2181))
                        .url()
                        .toString())
                .isEqualTo("http://[fd00::5]:7000/metrics");
        assertThat(PrometheusEndpoint.of(
                                PrometheusEndpoint.DEFAULT_TEMPLATE,
                                new dev.zkload.zk.connect.ServerAddress("zk1", 2181))
                        .url()
                        .getHost())
                .isEqualTo("zk1");
    }
}
