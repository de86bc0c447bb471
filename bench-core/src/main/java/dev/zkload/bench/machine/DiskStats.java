package dev.zkload.bench.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Every block device's counters at one instant, from {@code /proc/diskstats}: what was written to it and how long it
 * had I/O in flight. Two readings give a window's writes and how busy the device was ({@link #usageSince}).
 *
 * @param devices each device's counters, by name
 */
public record DiskStats(Map<String, Device> devices) {
    private static final Path FILE = Path.of("/proc/diskstats");
    /** The kernel counts {@code /proc/diskstats} sectors in 512 bytes whatever the device's own sector size. */
    private static final long SECTOR = 512;

    public DiskStats {
        devices = Map.copyOf(devices);
    }

    /**
     * One device's counters.
     *
     * @param major        its major number
     * @param minor        its minor number
     * @param bytesWritten bytes written since boot
     * @param ioMillis     milliseconds it had I/O in flight since boot
     */
    public record Device(int major, int minor, long bytesWritten, long ioMillis) {}

    /**
     * What a device did over a window.
     *
     * @param writtenPerSec bytes written a second
     * @param busyPercent   share of the window it had I/O in flight (its utilisation), %
     */
    public record Usage(double writtenPerSec, double busyPercent) {}

    /** The counters now; empty where {@code /proc/diskstats} cannot be read. */
    public static Optional<DiskStats> read() {
        try {
            Map<String, Device> devices = new HashMap<>();
            for (String line : Files.readAllLines(FILE)) {
                String[] f = line.trim().split("\\s+", -1);
                if (f.length < 14) {
                    continue;
                }
                // major, minor, name; reads: completed, merged, sectors, ms; writes: completed, merged, sectors, ms;
                // I/Os in flight, ms with I/O in flight, …
                devices.put(
                        f[2],
                        new Device(
                                Integer.parseInt(f[0]),
                                Integer.parseInt(f[1]),
                                Long.parseLong(f[9]) * SECTOR,
                                Long.parseLong(f[12])));
            }
            return Optional.of(new DiskStats(devices));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The name of the device numbered {@code major:minor}; empty when none is listed. */
    public Optional<String> nameOf(int major, int minor) {
        return devices.entrySet().stream()
                .filter(e -> e.getValue().major() == major && e.getValue().minor() == minor)
                .map(Map.Entry::getKey)
                .findFirst();
    }

    /** What device {@code name} did from {@code earlier} to this reading, {@code seconds} apart; empty when not listed. */
    public Optional<Usage> usageSince(DiskStats earlier, String name, double seconds) {
        Device now = devices.get(name);
        Device then = earlier.devices.get(name);
        if (now == null || then == null || seconds <= 0) {
            return Optional.empty();
        }
        return Optional.of(new Usage(
                Math.max(0, now.bytesWritten() - then.bytesWritten()) / seconds,
                Math.min(100, Math.max(0, now.ioMillis() - then.ioMillis()) / (10 * seconds))));
    }
}
