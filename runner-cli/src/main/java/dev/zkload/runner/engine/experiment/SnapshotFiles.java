package dev.zkload.runner.engine.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The newest snapshot in an embedded server's data folder. ZooKeeper names each snapshot after the
 * last zxid it holds ({@code version-2/snapshot.<hex zxid>}), so the newest is the highest zxid, not
 * the newest file time (two snapshots can share a second).
 */
final class SnapshotFiles {
    private SnapshotFiles() {}

    /** The size in bytes of the newest snapshot under {@code dataDir}; empty if there is none yet. */
    static Optional<Long> newestSize(Path dataDir) throws IOException {
        Path dir = dataDir.resolve("version-2");
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.list(dir)) {
            Optional<Path> newest = files.filter(f -> zxid(f) >= 0).max(Comparator.comparingLong(SnapshotFiles::zxid));
            return newest.isPresent() ? Optional.of(Files.size(newest.get())) : Optional.empty();
        }
    }

    /** The zxid a snapshot file is named after, or -1 for any other file. */
    static long zxid(Path file) {
        String name = file.getFileName().toString();
        if (!name.startsWith("snapshot.")) {
            return -1;
        }
        // a compressed snapshot ends in .gz or .snappy after the zxid
        String hex = name.substring("snapshot.".length()).replaceFirst("\\..*$", "");
        try {
            return Long.parseUnsignedLong(hex, 16);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
