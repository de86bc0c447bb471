package dev.zkload.bench.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The GC log a real JVM's command line names is found and its pauses read, whatever its decorations: every
 * pause the JVM's own GarbageCollectorMXBeans count, within the window the JVM ran in and none after it.
 */
class GcLogIT {
    /** Parallel: its MXBeans count every pause its log writes, and nothing else. */
    private static final List<String> HEAP = List.of("-Xmx16m", "-XX:+UseParallelGC");

    @TempDir
    Path dir;

    @Test
    void everyDecorationIsPlacedInTime() throws Exception {
        List<String> styles =
                List.of("timemillis", "time", "utctime,tags", "uptime,level,tags", "uptimemillis", "uptimenanos");
        List<String> flags = new ArrayList<>(HEAP);
        for (String style : styles) {
            flags.add("-Xlog:gc*:file=" + dir.resolve(style.split(",", -1)[0] + ".log") + ":" + style);
        }
        try (ChildJvm child = ChildJvm.start(dir, null, flags, "garbage", "500")) {
            long[] mx = ChildJvm.total(child.awaitDone());
            Instant done = Instant.now();
            JavaProcess real = JavaProcess.read(child.pid()).orElseThrow();

            assertThat(GcLog.named(child.pid()).map(GcLog::file)).contains(dir.resolve("timemillis.log"));
            assertThat(mx[0]).as("the child collected").isPositive();
            for (String option : flags.subList(HEAP.size(), flags.size())) {
                GcLog log = GcLog.named(withOptions(real, option)).orElseThrow();
                GcLog.GcPauses p = log.pauses(child.launched, done).orElseThrow();

                assertThat(p.count()).as(option).isEqualTo(mx[0]);
                assertThat(p.totalMs()).as(option).isCloseTo((double) mx[1], within(5 + 0.1 * mx[1]));
                assertThat(p.maxMs()).as(option).isPositive().isLessThanOrEqualTo(p.totalMs());
                assertThat(log.pauses(done, done.plus(Duration.ofHours(1)))
                                .orElseThrow()
                                .count())
                        .as(option + ", after the JVM's last pause")
                        .isZero();
            }
        }
    }

    @Test
    void aRelativeLogNamedWithItsPidAndStartIsFoundInItsDirectory() throws Exception {
        Files.writeString(dir.resolve("gc-1-2020-01-01_00-00-00.log"), "another JVM's\n");
        List<String> flags = new ArrayList<>(HEAP);
        flags.add("-Xloggc:gc-%p-%t.log");
        try (ChildJvm child = ChildJvm.start(dir, null, flags, "garbage", "300")) {
            long[] mx = ChildJvm.total(child.awaitDone());
            GcLog log = GcLog.named(child.pid()).orElseThrow();

            assertThat(log.file().getParent()).isEqualTo(dir.toRealPath());
            assertThat(log.file().getFileName().toString()).matches("gc-" + child.pid() + "-\\d{4}-.*\\.log");
            assertThat(log.pauses(child.launched, Instant.now()).orElseThrow().count())
                    .isEqualTo(mx[0]);
        }
    }

    @Test
    void aRotatedLogIsReadAtItsCurrentFileAndAQuotedNameKeepsItsColon() throws Exception {
        Path logs = Files.createDirectories(dir.resolve("a:b"));
        Files.writeString(
                logs.resolve("gc.log"), "[1.000s][info][gc] GC(0) Pause Young (Normal) 9M->1M(16M) 1.000ms\n");
        List<String> flags = new ArrayList<>(HEAP);
        flags.add("-Xlog:gc:file=\"" + logs.resolve("gc.log") + "\":uptime:filecount=3,filesize=1M");
        try (ChildJvm child = ChildJvm.start(dir, null, flags, "garbage", "300")) {
            long[] mx = ChildJvm.total(child.awaitDone());
            GcLog log = GcLog.named(child.pid()).orElseThrow();

            assertThat(logs.resolve("gc.log.0"))
                    .as("the earlier log, rotated away")
                    .exists();
            assertThat(log.file()).isEqualTo(logs.resolve("gc.log"));
            assertThat(log.pauses(child.launched, Instant.now()).orElseThrow().count())
                    .isEqualTo(mx[0]);
        }
    }

    /** The process with its command line reduced to {@code option}. */
    private static JavaProcess withOptions(JavaProcess p, String option) {
        return new JavaProcess(
                p.pid(), p.ownPid(), List.of("java", option), p.startTicks(), p.started(), p.root(), p.cwd());
    }
}
