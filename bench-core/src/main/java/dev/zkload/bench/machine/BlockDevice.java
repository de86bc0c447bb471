package dev.zkload.bench.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The block device a file lives on, named as {@code /proc/diskstats} names it ({@code vda}, {@code nvme0n1p2}): found
 * from the file's device number, so that what else writes to the disk under a server's transaction log can be
 * read. A file on a file system with no block device of its own (tmpfs, an overlay's merged view) has none.
 *
 * @param name  the device's name in {@code /proc/diskstats}
 * @param major its major number
 * @param minor its minor number
 */
public record BlockDevice(String name, int major, int minor) {
    /** The device {@code file} lives on; empty where it has none listed in {@code /proc/diskstats}, or off Linux. */
    public static Optional<BlockDevice> of(Path file) {
        long dev;
        try {
            dev = ((Number) Files.getAttribute(file, "unix:dev")).longValue();
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return Optional.empty();
        }
        // glibc's encoding of a dev_t: 12 bits of major above 8 of minor, the rest of each further up
        int major = (int) (((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL));
        int minor = (int) ((dev & 0xff) | ((dev >>> 12) & ~0xffL));
        return DiskStats.read().flatMap(s -> s.nameOf(major, minor)).map(name -> new BlockDevice(name, major, minor));
    }
}
