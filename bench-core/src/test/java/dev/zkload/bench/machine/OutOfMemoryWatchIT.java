package dev.zkload.bench.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.testing.Timeouts;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM started as {@code zkServer.sh} starts ZooKeeper runs out of heap and is killed by its own
 * {@code -XX:OnOutOfMemoryError}: what it left says so. One that ends otherwise leaves nothing that does,
 * not even an earlier server's OutOfMemoryError in the same files.
 */
class OutOfMemoryWatchIT {
    @TempDir
    Path dir;

    @Test
    void aServerKilledAsItRanOutOfHeapLeavesItsEvidence() throws Exception {
        Path out = dir.resolve("zookeeper-root-server-here.out");
        try (ChildJvm child = ChildJvm.start(dir, out, zkServerFlags(), "oom")) {
            // its counters' file is written once it has begun
            await().atMost(Timeouts.seconds(60))
                    .until(() -> HotSpotCounters.read(child.pid()).isPresent());
            try (OutOfMemoryWatch watch = OutOfMemoryWatch.of(child.pid()).orElseThrow()) {
                assertThat(watch.evidence()).as("while it lives").isEmpty();
                child.go();
                assertThat(child.process.waitFor(Timeouts.seconds(60).toSeconds(), TimeUnit.SECONDS))
                        .isTrue();
                assertThat(child.process.exitValue())
                        .as("killed by its -XX:OnOutOfMemoryError")
                        .isEqualTo(128 + 9);
                // the server restarted on the same GC log moves the dead one's aside, and the next JVM of its user
                // deletes a killed JVM's counters file: the watch holds both open
                try (ChildJvm restarted = ChildJvm.start(dir, null, zkServerFlags(), "garbage", "100")) {
                    restarted.awaitDone();
                }
                assertThat(dir.resolve("gc.log.0"))
                        .as("the dead server's GC log, moved aside")
                        .exists();
                deleteCountersFile(child.pid());

                assertThat(watch.evidence().orElseThrow())
                        .contains("its GC log ends in ")
                        .contains("full collection")
                        .contains("a heap dump java_pid" + child.pid() + ".hprof was written")
                        .contains(out.getFileName() + " says \"java.lang.OutOfMemoryError: Java heap space\"")
                        .contains("its HotSpot counters as it left them: its last collection was a full one");
            }
        }
    }

    @Test
    void aServerThatEndedOtherwiseLeavesNone() throws Exception {
        Files.writeString(dir.resolve("zookeeper.out"), "java.lang.OutOfMemoryError: Java heap space\n");
        try (ChildJvm child = ChildJvm.start(dir, null, zkServerFlags(), "garbage", "300")) {
            child.awaitDone();
            try (OutOfMemoryWatch watch = OutOfMemoryWatch.of(child.pid()).orElseThrow()) {
                child.end();

                assertThat(child.process.exitValue()).isZero();
                assertThat(watch.evidence()).isEmpty();
            }
        }
    }

    private List<String> zkServerFlags() {
        return List.of(
                "-Xmx16m",
                "-XX:+UseG1GC",
                "-Dzookeeper.log.dir=" + dir.resolve("logs"),
                "-Dzookeeper.log.file=zookeeper-root-server-here.log",
                "-XX:+HeapDumpOnOutOfMemoryError",
                "-XX:OnOutOfMemoryError=kill -9 %p",
                "-Xlog:gc:file=gc.log:time");
    }

    private static void deleteCountersFile(long pid) throws IOException {
        try (DirectoryStream<Path> users = Files.newDirectoryStream(Path.of("/tmp"), "hsperfdata_*")) {
            for (Path user : users) {
                Files.deleteIfExists(user.resolve(Long.toString(pid)));
            }
        }
    }
}
