package dev.zkload.bench.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The end of a GC log read for a heap that ran out, as G1, Parallel and Java 8 write it. */
class OutOfMemoryWatchTest {
    @Test
    void g1sLastFullCollectionsThatFreedNothingAfterAFailedEvacuationAreTold() {
        List<String> g1 = List.of(
                "[1.300s][info][gc] GC(9) Pause Young (Normal) (G1 Evacuation Pause) 13M->12M(16M) 1.100ms",
                "[1.309s][info][gc] GC(8) Concurrent Mark Cycle 9.157ms",
                "[1.311s][info][gc] GC(11) To-space exhausted",
                "[1.311s][info][gc] GC(11) Pause Young (Normal) (G1 Evacuation Pause) 14M->14M(16M) 1.527ms",
                "[1.314s][info][gc] GC(12) Pause Full (G1 Compaction Pause) 14M->14M(16M) 2.979ms",
                "[1.316s][info][gc] GC(13) Pause Full (G1 Compaction Pause) 14M->14M(16M) 2.178ms",
                "[1.317s][info][gc,heap,exit] Heap");

        assertThat(OutOfMemoryWatch.gcLogEnd(g1))
                .contains(
                        "its GC log ends in 2 full collections that freed nothing (14.0 MB of its 16.0 MB heap in use"
                                + " after the last), after a young collection found no room for its survivors (to-space exhausted)");
    }

    @Test
    void parallelsAndJava8sAreToo() {
        List<String> parallel = List.of(
                "[1.217s][info][gc] GC(2) Pause Full (Ergonomics) 11M->10M(15M) 13.657ms",
                "[1.221s][info][gc] GC(3) Pause Full (Ergonomics) 14M->14M(15M) 2.514ms",
                "[1.229s][info][gc] GC(6) Pause Full (Allocation Failure) 14M->14M(15M) 1.681ms");
        assertThat(OutOfMemoryWatch.gcLogEnd(parallel).orElseThrow())
                .startsWith("its GC log ends in 2 full collections that freed nothing");

        List<String> jdk8 = List.of(
                "2.000: [Full GC (Ergonomics) [PSYoungGen: 4096K->4000K(4608K)] [ParOldGen: 10900K->10900K(11264K)]"
                        + " 14996K->14900K(15872K), [Metaspace: 3000K->3000K(1056768K)], 0.0300 secs]",
                "2.040: [Full GC (Allocation Failure) 14900K->14900K(15872K), 0.0200 secs]");
        assertThat(OutOfMemoryWatch.gcLogEnd(jdk8).orElseThrow())
                .startsWith(
                        "its GC log ends in 2 full collections that left its heap over 80% full (14.6 MB of its 15.5 MB");
    }

    @Test
    void aLogEndingInACollectionThatFreedMemorySaysNothing() {
        assertThat(OutOfMemoryWatch.gcLogEnd(List.of(
                        "[1.314s][info][gc] GC(12) Pause Full (G1 Compaction Pause) 14M->14M(16M) 2.979ms",
                        "[1.400s][info][gc] GC(13) Pause Young (Normal) (G1 Evacuation Pause) 14M->4M(16M) 2.178ms")))
                .isEmpty();
        assertThat(OutOfMemoryWatch.gcLogEnd(List.of(
                        "[1.400s][info][gc] GC(13) Pause Young (Normal) (G1 Evacuation Pause) 14M->14M(16M) 2.178ms")))
                .as("no full collection")
                .isEmpty();
        assertThat(OutOfMemoryWatch.gcLogEnd(List.of("[0.022s][info][gc] Using G1")))
                .isEmpty();
    }
}
