package dev.zkload.bench.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.zkload.bench.testing.Timeouts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A JVM's GC counters read from its hsperfdata file agree with what the JVM says of itself (its
 * GarbageCollectorMXBeans) and with {@code jstat -gcutil}; a JVM that keeps no file has no counters.
 */
class HotSpotCountersIT {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"-XX:+UseParallelGC", "-XX:+UseG1GC"})
    void theCountersAreWhatTheJvmAndJstatSay(String gc) throws Exception {
        try (ChildJvm child = ChildJvm.start(dir, null, List.of("-Xmx16m", gc), "garbage", "700")) {
            Map<String, long[]> said = child.awaitDone();
            long[] mx = ChildJvm.total(said);
            HotSpotCounters c = HotSpotCounters.read(child.pid()).orElseThrow();
            HotSpotCounters.Pauses p = c.pauses().orElseThrow();
            String[] jstat = jstat(child.pid());

            assertThat(mx[0]).as("the child collected").isPositive();
            // jstat: S0 S1 E O M CCS YGC YGCT FGC FGCT CGC CGCT GCT (CGC is "-" without a concurrent collector)
            long jstatCount = Long.parseLong(jstat[6])
                    + Long.parseLong(jstat[8])
                    + (jstat[10].equals("-") ? 0 : Long.parseLong(jstat[10]));
            assertThat(p.count()).as("pauses, as jstat counts them").isEqualTo(jstatCount);
            assertThat(p.totalMs()).as("pause time, ms").isCloseTo(Double.parseDouble(jstat[12]) * 1000, within(2.0));
            // the MXBeans of Java 17 count young and full collections, not G1's remark and cleanup pauses
            long young = Long.parseLong(jstat[6]);
            long full = Long.parseLong(jstat[8]);
            // the child's MXBeans are read before it writes its report, which may cost one more young collection
            assertThat(young + full)
                    .as("young and full collections, as the JVM counts them")
                    .isBetween(mx[0], mx[0] + 1);
            if (!gc.contains("G1")) {
                assertThat(p.count()).isEqualTo(young + full);
                assertThat(p.totalMs()).isCloseTo((double) mx[1], within(5 + 0.1 * mx[1]));
            }
            assertThat(p.lastMs()).isPositive().isLessThanOrEqualTo(p.totalMs());

            HotSpotCounters.Occupancy o = c.occupancy();
            if (gc.contains("G1")) {
                assertThat(o.space()).isEqualTo("heap");
                assertThat((double) o.maxBytes()).isCloseTo((double) said.get("HEAPMAX")[0], within(1024.0));
            } else {
                assertThat(o.space()).isEqualTo("old generation");
                assertThat((double) o.maxBytes()).isCloseTo((double) said.get("OLDMAX")[0], within(1024.0));
            }
            assertThat(o.usedBytes()).isPositive().isLessThanOrEqualTo(o.capacityBytes());
            assertThat(o.capacityBytes()).isLessThanOrEqualTo(o.maxBytes());
            assertThat(c.lastCause()).isPresent();
            assertThat(c.gcOverheadLimitExceeded()).isFalse();
            assertThat(c.vmStarted()).isAfterOrEqualTo(child.launched.truncatedTo(ChronoUnit.MILLIS));

            HotSpotCounters later = HotSpotCounters.read(child.pid()).orElseThrow();
            assertThat(later.pausesSince(c)).as("an idle JVM").contains(new HotSpotCounters.Pauses(0, 0, 0));
            HotSpotCounters self =
                    HotSpotCounters.read(ProcessHandle.current().pid()).orElseThrow();
            assertThat(later.pausesSince(self)).as("another JVM's counters").isEmpty();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"-XX:-UsePerfData", "-XX:+PerfDisableSharedMem"})
    void aJvmThatKeepsNoFileHasNoCounters(String flag) throws Exception {
        try (ChildJvm child = ChildJvm.start(dir, null, List.of("-Xmx16m", flag), "garbage", "100")) {
            child.awaitDone();
            assertThat(JavaProcess.read(child.pid()))
                    .as("the process itself is readable")
                    .isPresent();
            assertThat(HotSpotCounters.read(child.pid())).isEmpty();
        }
    }

    /** The figures of {@code jstat -gcutil pid}'s one line. */
    private static String[] jstat(long pid) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "jstat").toString(),
                        "-gcutil",
                        Long.toString(pid))
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(Timeouts.seconds(30).toSeconds(), TimeUnit.SECONDS))
                .isTrue();
        String[] lines = out.strip().split("\n", -1);
        assertThat(lines).as(out).hasSize(2);
        return lines[1].trim().split("\\s+", -1);
    }
}
