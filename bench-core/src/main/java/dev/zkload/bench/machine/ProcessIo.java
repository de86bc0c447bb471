package dev.zkload.bench.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The bytes a process has caused to be written to storage since it started ({@code write_bytes} of {@code
 * /proc/<pid>/io}: what it wrote that reached, or will reach, a disk; page-cache writes count when they are made,
 * not when they are flushed). Readable for this user's processes only.
 */
public final class ProcessIo {
    private ProcessIo() {}

    /** Process {@code pid}'s bytes written to storage; empty when it is gone or its counters cannot be read. */
    public static Optional<Long> bytesWritten(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "io"))) {
                if (line.startsWith("write_bytes:")) {
                    return Optional.of(Long.parseLong(
                            line.substring("write_bytes:".length()).trim()));
                }
            }
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The transaction log a ZooKeeper server process has open ({@code …/version-2/log.<zxid>}), from its open files:
     * where it logs, whatever its configuration says; empty when none is open or its files cannot be listed.
     */
    public static Optional<Path> transactionLog(long pid) {
        try (var fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            return fds.map(fd -> {
                        try {
                            return Optional.of(Files.readSymbolicLink(fd));
                        } catch (IOException | RuntimeException e) {
                            return Optional.<Path>empty();
                        }
                    })
                    .flatMap(Optional::stream)
                    .filter(p -> p.getFileName() != null
                            && p.getFileName().toString().startsWith("log.")
                            && p.getParent() != null
                            && "version-2".equals(String.valueOf(p.getParent().getFileName())))
                    .findFirst();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
