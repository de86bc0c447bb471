package dev.zkload.runner.engine.experiment;

import dev.zkload.bench.ensemble.LocalEnsemble;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * What the embedded servers wrote to storage during a level: {@code write_bytes} of each server
 * process's {@code /proc/<pid>/io} (bytes the process caused to be sent to the block layer: its
 * transaction log and snapshots, not what stayed in the page cache unflushed). Remote servers'
 * processes are not visible from here.
 */
final class DiskWrites {
    private final LocalEnsemble ensemble;
    private final Map<Integer, Long> before = new HashMap<>();

    private DiskWrites(LocalEnsemble ensemble) {
        this.ensemble = ensemble;
    }

    /** @param ensemble the embedded ensemble, or null when the servers are remote */
    static DiskWrites start(LocalEnsemble ensemble) {
        DiskWrites writes = new DiskWrites(ensemble);
        if (ensemble != null) {
            for (int id = 1; id <= ensemble.size(); id++) {
                writes.before.put(id, writeBytes(ensemble.processStats(id).pid()));
            }
        }
        return writes;
    }

    /** Adds {@code diskWriteMB}, summed over the servers, if every server could be read before and now. */
    void describe(Map<String, Double> measured) {
        if (ensemble == null) {
            return;
        }
        long sum = 0;
        for (int id = 1; id <= ensemble.size(); id++) {
            long now = writeBytes(ensemble.processStats(id).pid());
            Long then = before.get(id);
            if (now < 0 || then == null || then < 0) {
                return;
            }
            sum += now - then;
        }
        measured.put("diskWriteMB", Sweep.round(sum / 1e6, 3));
    }

    /** The process's {@code write_bytes}, or -1 when it cannot be read (not Linux, not ours, ended). */
    static long writeBytes(long pid) {
        if (pid < 0) {
            return -1;
        }
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "io"))) {
                if (line.startsWith("write_bytes:")) {
                    return Long.parseLong(
                            line.substring("write_bytes:".length()).trim());
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
