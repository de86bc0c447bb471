package dev.zkload.bench.ensemble;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Reads a process's resident memory from {@code /proc/<pid>/status}, what it wrote to storage from
 * {@code /proc/<pid>/io}, and its total CPU time through {@link ProcessHandle} (which reads {@code /proc/<pid>/stat} on Linux). Elsewhere, or
 * once the process has ended, the readings are unknown (-1 / null) rather than an error.
 */
final class ProcReader {
    private ProcReader() {}

    /**
     * {@code write_bytes}: the bytes the process caused to be sent to the block layer (its transaction
     * log and snapshots, not what still sits unflushed in the page cache).
     */
    static long writeBytes(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "io"))) {
                if (line.startsWith("write_bytes:")) {
                    return Long.parseLong(
                            line.substring("write_bytes:".length()).trim());
                }
            }
            return -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    static long rssBytes(long pid) {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"));
            for (String line : lines) {
                if (line.startsWith("VmRSS:")) {
                    String[] parts = line.substring(6).trim().split("\\s+", -1);
                    return Long.parseLong(parts[0]) * 1024L;
                }
            }
            return -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    static Duration cpuTime(ProcessHandle process) {
        return process.info().totalCpuDuration().orElse(null);
    }
}
