package dev.zkload.bench.ensemble;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Reads a process's resident memory from {@code /proc/<pid>/status} and its total CPU time
 * through {@link ProcessHandle} (which reads {@code /proc/<pid>/stat} on Linux). Elsewhere, or
 * once the process has ended, the readings are unknown (-1 / null) rather than an error.
 */
final class ProcReader {
    private ProcReader() {}

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
