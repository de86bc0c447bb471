package dev.zkload.runner.engine.experiment;

import dev.zkload.bench.ensemble.LocalEnsemble;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the embedded servers wrote to storage during a level: the difference of each server process's
 * {@link dev.zkload.bench.ensemble.ProcessStats#writeBytes()} (its transaction log and snapshots).
 * Remote servers' processes are not visible from here.
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
                writes.before.put(id, ensemble.processStats(id).writeBytes());
            }
        }
        return writes;
    }

    /**
     * Adds {@code diskWriteMB}, summed over the servers, and each server's own as {@code diskWriteMB.<id>}
     * (the leader writes what every follower writes, and its snapshots at other times), if every server
     * could be read before and now.
     */
    void describe(Map<String, Double> measured) {
        if (ensemble == null) {
            return;
        }
        Map<String, Double> each = new LinkedHashMap<>();
        long sum = 0;
        for (int id = 1; id <= ensemble.size(); id++) {
            long now = ensemble.processStats(id).writeBytes();
            Long then = before.get(id);
            if (now < 0 || then == null || then < 0) {
                return;
            }
            sum += now - then;
            each.put("diskWriteMB." + id, Sweep.round((now - then) / 1e6, 3));
        }
        measured.put("diskWriteMB", Sweep.round(sum / 1e6, 3));
        if (each.size() > 1) {
            measured.putAll(each);
        }
    }
}
