package dev.zkload.bench.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Pause lines told apart from everything else a GC log holds, placed in time whatever their decorations. */
class GcLogLineTest {
    /** The JVM's start, for lines stamped with its uptime. */
    private static final Instant STARTED = Instant.parse("2026-11-30T10:00:00Z");

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            timemillis      | [1796032800123ms] GC(3) Pause Young (Normal) (G1 Evacuation Pause) 23M->3M(512M) 2.839ms                        | 2026-11-30T10:00:00.123Z | 2.839
            time            | [2026-11-30T11:00:00.123+0100][info][gc] GC(3) Pause Young (Normal) (G1 Evacuation Pause) 23M->3M(512M) 2.839ms | 2026-11-30T10:00:00.123Z | 2.839
            utctime, tags   | [2026-11-30T10:00:00.123+0000][gc          ] GC(3) Pause Remark 20M->20M(512M) 1.250ms                       | 2026-11-30T10:00:00.123Z | 1.25
            uptime          | [12.345s][info   ][gc] GC(3) Pause Full (Allocation Failure) 15M->15M(16M) 30.100ms                       | 2026-11-30T10:00:12.345Z | 30.1
            uptimemillis    | [12345ms][info][gc] GC(3) Pause Cleanup 20M->20M(512M) 0.050ms                                            | 2026-11-30T10:00:12.345Z | 0.05
            uptimenanos     | [12345000000ns] GC(3) Pause Young (Allocation Failure) 3M->3M(15M) 23.323ms                                 | 2026-11-30T10:00:12.345Z | 23.323
            wall and uptime | [1796032800123ms][12345ms][1234][1240] GC(3) Pause Young (Allocation Failure) 3M->3M(15M) 23.323ms        | 2026-11-30T10:00:00.123Z | 23.323
            ZGC             | [12.345s][info][gc,phases] GC(0) Pause Mark Start 0.013ms                                                  | 2026-11-30T10:00:12.345Z | 0.013
            generational ZGC| [12.345s][info][gc,phases] GC(0) Y: Pause Mark Start (Major) 0.009ms                                      | 2026-11-30T10:00:12.345Z | 0.009
            Shenandoah      | [12.345s][info][gc] GC(0) Pause Init Mark (unload classes) 0.044ms                                        | 2026-11-30T10:00:12.345Z | 0.044
            decimal comma   | [12,345s][info][gc] GC(3) Pause Young (Normal) (G1 Evacuation Pause) 23M->3M(512M) 2,839ms                 | 2026-11-30T10:00:12.345Z | 2.839
            JDK 8 date      | 2026-11-30T10:00:00.123+0000: 12.345: [GC pause (G1 Evacuation Pause) (young) 23M->3M(512M), 0.0028 secs]  | 2026-11-30T10:00:00.123Z | 2.8
            JDK 8 uptime    | 12.345: [Full GC (Allocation Failure)  15M->15M(16M), 0.0301 secs]                                         | 2026-11-30T10:00:12.345Z | 30.1
            JDK 8 details   | 12.345: [GC (Allocation Failure) [PSYoungGen: 33280K->5104K(38400K)] 33280K->5112K(125952K), 0.0051 secs] [Times: user=0.01 sys=0.00, real=0.01 secs] | 2026-11-30T10:00:12.345Z | 5.1
            JDK 8 CMS young | 12.345: [GC (Allocation Failure) 12.345: [ParNew: 3K->1K(4K), 0.0050 secs] 30K->10K(100K), 0.0061 secs] | 2026-11-30T10:00:12.345Z | 6.1
            JDK 8 remark    | 2026-11-30T10:00:00.123+0000: 12.345: [GC remark 12.346: [Finalize Marking, 0.0001 secs], 0.0012 secs]     | 2026-11-30T10:00:00.123Z | 1.2
            """)
    void aPauseLineIsPlacedAndTimed(String style, String line, String at, double ms) {
        GcLogLine pause = GcLogLine.parse(line.strip(), STARTED).orElseThrow();

        assertThat(pause.at()).as(style).contains(Instant.parse(at));
        assertThat(pause.ms()).isCloseTo(ms, within(1e-9));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "[0.245s][info][gc,start] GC(0) Pause Young (Allocation Failure)",
                "[1.309s][info][gc] GC(8) Concurrent Mark Cycle 9.157ms",
                "[0.219s][info][gc] GC(0) Concurrent marking (unload classes) 6.816ms",
                "[0.22s][info][gc,phases] GC(3)   Pre Evacuate Collection Set: 0.1ms",
                "[1.311s][info][gc] GC(11) To-space exhausted",
                "[0.022s][info][gc] Using G1",
                "[2.000s][info][gc] GC(4) Garbage Collection (Allocation Rate) 10M(31%)->8M(25%)",
                "2026-11-30T10:00:00.123+0000: 12.345: [GC concurrent-mark-end, 0.0123 secs]",
                "12.345: [CMS-concurrent-mark: 0.010/0.010 secs]",
                "   [GC Worker Start (ms): Min: 1.0, Avg: 1.1, Max: 1.2]",
                "12.345: [GC concurrent-root-region-scan-start]"
            })
    void anythingElseIsNoPause(String line) {
        assertThat(GcLogLine.parse(line, STARTED)).isEmpty();
    }

    @Test
    void theHeapBeforeAndAfterAreTheWholeHeapsNotAGenerations() {
        GcLogLine jdk8 = GcLogLine.parse(
                        "1.0: [Full GC (Ergonomics) [PSYoungGen: 4K->0K(5K)] [ParOldGen: 10K->10K(11K)] 14K->10K(16K),"
                                + " [Metaspace: 3K->3K(1056K)], 0.0100 secs]",
                        STARTED)
                .orElseThrow();
        assertThat(jdk8.full()).isTrue();
        assertThat(new long[] {jdk8.beforeBytes(), jdk8.afterBytes(), jdk8.heapBytes()})
                .containsExactly(14 << 10, 10 << 10, 16 << 10);

        GcLogLine unified = GcLogLine.parse(
                        "[1.0s][info][gc] GC(6) Pause Full (Allocation Failure) 14M->14M(15M) 1.681ms", STARTED)
                .orElseThrow();
        assertThat(unified.full()).isTrue();
        assertThat(unified.heapBytes()).isEqualTo(15 << 20);
        assertThat(GcLogLine.parse("[0.1s] GC(0) Pause Mark Start 0.013ms", STARTED)
                        .orElseThrow()
                        .heapBytes())
                .isEqualTo(-1);
    }

    @Test
    void aLineWithoutATimeOrAStartIsNotPlaced() {
        assertThat(GcLogLine.parse("GC(0) Pause Young (Allocation Failure) 3M->3M(15M) 23.323ms", STARTED)
                        .flatMap(GcLogLine::at))
                .as("decorations :none")
                .isEmpty();
        assertThat(GcLogLine.parse(
                                "[12.345s][info][gc] GC(3) Pause Full (Allocation Failure) 15M->15M(16M) 30.1ms", null)
                        .orElseThrow()
                        .at())
                .as("an uptime without the JVM's start")
                .isEmpty();
    }
}
