package dev.zkload.bench.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * How many cores a process may use: the CPUs its affinity allows, lowered to its cgroup's CPU quota when
 * one is set (cgroup v2 {@code cpu.max}, v1 {@code cpu.cfs_quota_us}), since a process held to a fifth of a
 * core is saturated at 20% of one.
 */
public final class CpuShare {
    private CpuShare() {}

    /** Cores this process may use, e.g. 2.0, or 0.2 under a 20 ms / 100 ms quota. */
    public static double cores() {
        double cores = Runtime.getRuntime().availableProcessors();
        return quota("self").map(q -> Math.min(cores, q)).orElse(cores);
    }

    /** Cores process {@code pid} may use: {@code allowedCpus} (its affinity), lowered to its cgroup's quota. */
    public static double cores(long pid, int allowedCpus) {
        return quota(Long.toString(pid)).map(q -> Math.min(allowedCpus, q)).orElse((double) allowedCpus);
    }

    /** @param process a pid, or {@code self} */
    static Optional<Double> quota(String process) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", process, "cgroup"))) {
                String[] parts = line.split(":", 3);
                if (parts.length < 3) {
                    continue;
                }
                if (parts[0].equals("0") && parts[1].isEmpty()) {
                    Optional<Double> v2 = v2(Path.of("/sys/fs/cgroup", parts[2], "cpu.max"));
                    if (v2.isPresent()) {
                        return v2;
                    }
                }
                if (List.of(parts[1].split(",")).contains("cpu")) {
                    Optional<Double> v1 = v1(Path.of("/sys/fs/cgroup/cpu", parts[2]));
                    if (v1.isPresent()) {
                        return v1;
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or no cgroup to read: no quota known
        }
        return Optional.empty();
    }

    /** {@code cpu.max}: "max 100000" (no quota) or "20000 100000". */
    static Optional<Double> v2(Path cpuMax) throws IOException {
        if (!Files.isReadable(cpuMax)) {
            return Optional.empty();
        }
        String[] f = Files.readString(cpuMax).trim().split("\\s+", -1);
        if (f.length != 2 || f[0].equals("max")) {
            return Optional.empty();
        }
        return Optional.of(Double.parseDouble(f[0]) / Double.parseDouble(f[1]));
    }

    static Optional<Double> v1(Path dir) throws IOException {
        Path quota = dir.resolve("cpu.cfs_quota_us");
        Path period = dir.resolve("cpu.cfs_period_us");
        if (!Files.isReadable(quota) || !Files.isReadable(period)) {
            return Optional.empty();
        }
        long q = Long.parseLong(Files.readString(quota).trim());
        long p = Long.parseLong(Files.readString(period).trim());
        return q <= 0 || p <= 0 ? Optional.empty() : Optional.of((double) q / p);
    }
}
