package dev.zkload.bench.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HostCpuTest {
    @Test
    void twoReadingsGiveBusyIowaitAndStolenSharesOfAllTheCores() {
        HostCpu before = HostCpu.parse(List.of(
                "cpu  1000 0 200 5000 10 0 5 0 0 0",
                "cpu0 500 0 100 2500 5 0 2 0 0 0",
                "cpu1 500 0 100 2500 5 0 3 0 0 0"));
        // 200 ticks of two cores: cpu0 did 90 of work and 10 stolen, cpu1 20 of work, 70 idle, 10 iowait
        HostCpu after = HostCpu.parse(List.of(
                "cpu  1100 0 210 5070 20 0 5 10 0 0",
                "cpu0 590 0 100 2500 5 0 2 10 0 0",
                "cpu1 510 0 110 2570 15 0 3 0 0 0"));

        CpuUsage u = after.usageSince(before);

        assertThat(u.cores()).isEqualTo(2);
        assertThat(u.busyPercent()).isCloseTo(60, within(0.01));
        assertThat(u.stealPercent()).isCloseTo(5, within(0.01));
        assertThat(u.iowaitPercent()).isCloseTo(5, within(0.01));
        assertThat(u.busyCores()).isCloseTo(1.2, within(0.001));
        assertThat(u.perCpuBusy().get(0)).isCloseTo(100, within(0.01));
        assertThat(u.busyPercentOf(Set.of(1))).isCloseTo(20, within(0.01));
    }

    @Test
    void theLiveMachineReadsAndAProcessSeesItsOwnThreads() {
        HostCpu now = HostCpu.read().orElseThrow();
        assertThat(now.perCpu()).isNotEmpty();
        ProcessCpu self = ProcessCpu.read(ProcessHandle.current().pid()).orElseThrow();
        assertThat(self.threads()).isNotEmpty();
        assertThat(self.allowedCpus()).hasSize(Runtime.getRuntime().availableProcessors());
    }

    @Test
    void gcPausesAreTheLogsPauseLinesWithinTheWindow() {
        long t = 1_764_000_000_000L;
        GcLog.GcPauses p = GcLog.pauses(
                List.of(
                        "[" + (t - 5) + "ms] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 23M->3M(512M) 9.000ms",
                        "[" + t + "ms] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 23M->3M(512M) 2.500ms",
                        "[" + (t + 10) + "ms] GC(2) Concurrent Mark Cycle 40.000ms",
                        "[" + (t + 20) + "ms] GC(2) Pause Remark 20M->20M(512M) 1.250ms",
                        "[" + (t + 1000) + "ms] GC(3) Pause Full (System.gc()) 20M->2M(512M) 80.000ms"),
                Instant.ofEpochMilli(t),
                Instant.ofEpochMilli(t + 1000));

        assertThat(p.count()).isEqualTo(2);
        assertThat(p.totalMs()).isEqualTo(3.75);
        assertThat(p.maxMs()).isEqualTo(2.5);
        assertThat(GcLog.flag(java.nio.file.Path.of("/tmp/a b/gc.log"))).isEmpty();
        assertThat(GcLog.flag(java.nio.file.Path.of("/tmp/x/gc.log")))
                .contains("-Xlog:gc:file=/tmp/x/gc.log:timemillis");
    }

    @Test
    void aListeningSocketIsFoundByItsPortInTheKernelsTable() {
        List<String> table = List.of(
                "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
                "   0: 0100007F:0885 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 12345 1",
                "   1: 0100007F:0885 0100007F:C350 01 00000000:00000000 00:00000000 00000000     0        0 23456 1");

        assertThat(ListeningProcess.listening(table, 2181)).containsExactly("12345");
        assertThat(ListeningProcess.listening(table, 2182)).isEmpty();
    }
}
