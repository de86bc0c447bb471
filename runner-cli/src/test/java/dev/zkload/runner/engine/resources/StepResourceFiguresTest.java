package dev.zkload.runner.engine.resources;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.machine.CpuUsage;
import dev.zkload.bench.stats.PrometheusReading;
import dev.zkload.runner.result.ServerUsage;
import dev.zkload.runner.result.StepResources;
import dev.zkload.zk.connect.ServerAddress;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What a window's readings become in a step's resources, and what is said unobserved. */
class StepResourceFiguresTest {
    private static final ServerAddress TOLD = new ServerAddress("zk1.example", 2181);
    private static final ServerAddress SILENT = new ServerAddress("zk2.example", 2181);

    @Test
    void aRemoteServersEndpointGivesItsCpuAndGcTotalsAndWhatItCannotTellIsUnobserved() {
        MachineWindow w = new MachineWindow(
                60,
                new CpuUsage(2, 30, 1, 0, Map.of()),
                null,
                Map.of(),
                Map.of(),
                Set.of(),
                Map.of(TOLD.hostPort(), new PrometheusReading.Usage(0.8125, 12L, 340.04)),
                Map.of(),
                Map.of());

        StepResources r = StepResourceFigures.resources(w, List.of(), List.of(TOLD, SILENT));

        ServerUsage told = r.servers().get(TOLD.hostPort());
        assertThat(told.source()).isEqualTo("prometheus");
        assertThat(told.cpuCores()).isEqualTo(0.813);
        assertThat(told.gcPauses()).isEqualTo(12L);
        assertThat(told.gcPauseTotalMs()).isEqualTo(340.0);
        assertThat(told.mayUseCores()).isNull();
        assertThat(told.gcPauseMaxMs()).isNull();
        ServerUsage silent = r.servers().get(SILENT.hostPort());
        assertThat(silent.cpuCores()).isNull();
        assertThat(silent.source()).isNull();
        assertThat(r.unobserved())
                .contains(
                        "the CPU and GC of zk2.example:2181 (not on this machine, and no Prometheus endpoint of its"
                                + " own answered: --server-prometheus)",
                        "the cores zk1.example:2181 may use, its busiest thread and its longest GC pause (its"
                                + " Prometheus endpoint tells its CPU time and GC totals, not its machine's cores)");
        // the machine's figures are this machine's, where neither server runs: none of them is counted here
        assertThat(r.host().serversCores()).isEqualTo(0.0);
    }
}
