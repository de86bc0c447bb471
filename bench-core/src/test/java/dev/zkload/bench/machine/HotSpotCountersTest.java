package dev.zkload.bench.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The counters of every collector's layout, as HotSpot names and numbers them, written into buffers here: the
 * ones a test JVM of this machine cannot be made to run (Shenandoah's, ZGC's, a pause under way) included.
 */
class HotSpotCountersTest {
    private static final long MB = 1 << 20;

    @Test
    void g1sPausesAreItsThreeCollectorsAndItsHeapIsItsYoungAndOldRegions() {
        Map<String, Object> c = jvm(1_000);
        collector(c, 0, "G1 young collection pauses", 10, 50, 100, 105);
        collector(c, 1, "G1 full collection pauses", 2, 20, 200, 210);
        collector(c, 2, "G1 concurrent cycle pauses", 1, 1, 220, 221);
        generations(c, 2 * MB, MB, 14 * MB, 14 * MB, 16 * MB);
        c.put("sun.gc.lastCause", "G1 Evacuation Pause");
        HotSpotCounters h = counters(c);

        assertThat(h.pauses()).contains(new HotSpotCounters.Pauses(13, 71, 1));
        assertThat(h.lastWasFull())
                .as("a remark after the full collections collects nothing")
                .isTrue();
        assertThat(h.fullCollections()).isEqualTo(2);
        assertThat(h.occupancy()).isEqualTo(new HotSpotCounters.Occupancy("heap", 15 * MB, 16 * MB, 16 * MB));
        assertThat(h.lastCause()).contains("G1 Evacuation Pause");
        assertThat(h.vmStarted().toEpochMilli()).isEqualTo(1_000);
    }

    @Test
    void parallelsOccupancyIsItsOldGeneration() {
        Map<String, Object> c = jvm(1_000);
        collector(c, 0, "Parallel young collection pauses", 3, 30, 300, 310);
        collector(c, 1, "Parallel full collection pauses", 1, 10, 100, 110);
        generations(c, 5 * MB, 2 * MB, 11 * MB, 3 * MB, 11 * MB);
        c.put("sun.gc.lastCause", "No GC");
        HotSpotCounters h = counters(c);

        assertThat(h.pauses()).contains(new HotSpotCounters.Pauses(4, 40, 10));
        assertThat(h.lastWasFull()).isFalse();
        assertThat(h.occupancy()).isEqualTo(new HotSpotCounters.Occupancy("old generation", 3 * MB, 11 * MB, 11 * MB));
        assertThat(h.lastCause()).as("no collection yet").isEmpty();
    }

    @Test
    void zgcsPausesAreCountedAcrossTheOrdinalsItSkips() {
        Map<String, Object> c = jvm(1_000);
        collector(c, 2, "Z concurrent cycle pauses", 6, 0.3, 400, 400.05);
        HotSpotCounters h = counters(c);

        assertThat(h.pauses().orElseThrow().count()).isEqualTo(6);
        assertThat(h.pauses().orElseThrow().lastMs()).isCloseTo(0.05, within(1e-6));
    }

    @Test
    void shenandoahsAndUnknownCollectorsCountsAreNoPauses() {
        Map<String, Object> shenandoah = jvm(1_000);
        collector(shenandoah, 0, "Shenandoah partial", 0, 0, 0, 0);
        collector(shenandoah, 1, "Shenandoah full", 40, 900, 500, 530);
        assertThat(counters(shenandoah).pauses())
                .as("its cycles, concurrent ones and all")
                .isEmpty();

        Map<String, Object> unknown = jvm(1_000);
        collector(unknown, 0, "Some future collector", 5, 5, 10, 11);
        assertThat(counters(unknown).pauses()).isEmpty();
    }

    @Test
    void aPauseUnderWayHasNoLengthYetAndAnotherJvmsCountersNoDifference() {
        Map<String, Object> c = jvm(1_000);
        collector(c, 0, "Serial young collection pauses", 3, 30, 300, 290);
        collector(c, 1, "Serial full collection pauses", 0, 0, 0, 0);
        HotSpotCounters during = counters(c);
        assertThat(during.pauses().orElseThrow().lastMs()).isZero();

        collector(c, 0, "Serial young collection pauses", 5, 45, 400, 402);
        HotSpotCounters later = counters(c);
        assertThat(later.pausesSince(during)).contains(new HotSpotCounters.Pauses(2, 15, 2));
        assertThat(later.pausesSince(counters(jvm(2_000)))).isEmpty();
    }

    @Test
    void aBufferWithoutTheJvmsStartOrClockIsNoHotSpots() {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("sun.os.hrt.frequency", 1_000_000_000L);
        assertThat(PerfData.parse(PerfDataBuffers.of(ByteOrder.nativeOrder(), c))
                        .flatMap(HotSpotCounters::of))
                .isEmpty();
    }

    /** A JVM begun at {@code began} ms after the epoch, its clock in nanoseconds. */
    private static Map<String, Object> jvm(long began) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("sun.rt.createVmBeginTime", began);
        c.put("sun.os.hrt.frequency", 1_000_000_000L);
        return c;
    }

    /** Collector {@code n}: its pauses' count and time, and when its last began and ended, all in ms. */
    private static void collector(
            Map<String, Object> c, int n, String name, long invocations, double ms, double entry, double exit) {
        String p = "sun.gc.collector." + n + ".";
        c.put(p + "name", name);
        c.put(p + "invocations", invocations);
        c.put(p + "time", Math.round(ms * 1e6));
        c.put(p + "lastEntryTime", Math.round(entry * 1e6));
        c.put(p + "lastExitTime", Math.round(exit * 1e6));
    }

    /** A young generation of one space and an old one of one space, with the old one's maximum. */
    private static void generations(
            Map<String, Object> c, long youngCapacity, long youngUsed, long oldCapacity, long oldUsed, long oldMax) {
        c.put("sun.gc.generation.0.capacity", youngCapacity);
        c.put("sun.gc.generation.0.space.0.used", youngUsed);
        c.put("sun.gc.generation.1.capacity", oldCapacity);
        c.put("sun.gc.generation.1.maxCapacity", oldMax);
        c.put("sun.gc.generation.1.space.0.used", oldUsed);
    }

    private static HotSpotCounters counters(Map<String, Object> c) {
        return PerfData.parse(PerfDataBuffers.of(ByteOrder.nativeOrder(), c))
                .flatMap(HotSpotCounters::of)
                .orElseThrow();
    }
}
