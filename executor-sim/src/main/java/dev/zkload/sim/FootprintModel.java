package dev.zkload.sim;

/**
 * The expected footprint of a domain, generalised to any sizes: E executors, C consoles, J jobs,
 * I items, N config fields, one fire per job per minute. Items are spread evenly, so an executor
 * owns {@code I/E} items of a job on average and {@code min(I, E)} executors own some.
 * docs/executor-sim.md walks through the same arithmetic for the presets.
 */
final class FootprintModel {
    private FootprintModel() {}

    static Footprint of(SaturnModel m) {
        SaturnVersion v = m.version();
        int e = m.executorsPerDomain();
        int c = m.consolesPerDomain();
        int j = m.jobsPerDomain();
        int i = m.itemsPerJob();
        int n = m.configFields();
        double firesPerSec = firesPerSec(m);

        // znodes: per job = job + config(1+N) + servers(1 + E*perServer) + leader 6 + execution(1+2I) + analyse 3
        int perServer = perServer(v);
        long perJob = 1 + (1 + n) + (1 + (long) e * perServer) + 6 + (1 + 2L * i) + 3;
        long executorsTree = 1 + (long) e * 5;
        long saturnExecutors = 1 + executorsTree + 4 + 3;
        double znodes = 2 + j * perJob + saturnExecutors;

        double running = (double) j * i * m.runTime().toMillis() / SaturnModel.CRON_PERIOD.toMillis();
        double ephemerals = e + (double) j * e + j + 1 + running;

        // executor watches: per job host 1 + execution TreeCache (2+I) + 2 NodeCaches per item + 3 op caches
        // + config caches + analyse/reset + control/report, plus the $Jobs TreeCache (2+J) and $SaturnSelf
        long perExecutorJob =
                1 + (2 + i) + 2L * i + 3 + v.executorConfigWatches().size() + 1 + 1;
        long perExecutor = j * perExecutorJob + 2 + j + (v.watchesSaturnSelf() ? 1 : 0);
        // console sharding session: executors tree (depth 2), sharding (1), leader (1), $Jobs (1), per job servers
        // (depth 2) and the version's config caches (a depth-1 cache on config watches it and its N children)
        long consoleFixed = (2 + e * (2L + 4)) + 4 + 4 + (2 + j);
        long configWatches = 0;
        for (SaturnVersion.CachedPath p : v.consoleConfigCaches()) {
            configWatches += p.depth() == 0 ? 1 : 2 + n;
        }
        long perConsoleJob = (2 + e * (2L + (perServer - 1))) + configWatches;
        double watches = (double) e * perExecutor + (double) c * (consoleFixed + j * perConsoleJob);

        // statistics every 300 s per (executor, job): 3 writes, 3 reads, and each console re-reads the two counters
        double statsPeriod = SaturnModel.STATS_PERIOD.toSeconds();
        double writes = firesPerSec * writesPerFire(m) + (double) e * j * 3 / statsPeriod;
        double reads =
                firesPerSec * readsPerFire(m) + (double) e * j * 3 / statsPeriod + (double) e * j * 2 * c / statsPeriod;
        return new Footprint(znodes, ephemerals, watches, e + c, round(writes), round(reads));
    }

    /** Job fires per second per domain: each job once per cron period. */
    static double firesPerSec(SaturnModel m) {
        return m.jobsPerDomain() / (double) SaturnModel.CRON_PERIOD.toSeconds();
    }

    /**
     * Write transactions of one job fire: 4 per item (delete completed, create running, create
     * completed, delete running), and in 2.1 the status multis RUNNING and READY of each owner.
     */
    static double writesPerFire(SaturnModel m) {
        return 4.0 * m.itemsPerJob() + (m.version().statusPerFire() ? 2.0 * owners(m) : 0);
    }

    /**
     * Reads of one job fire: phase A on every executor (7 + 2I), 1 + 8 per owned item on the owners
     * (+2 per item where deletes are checked first), the fan-out of 8 reads per executor for each
     * running node created and deleted, and where status is rewritten each console re-reading it.
     */
    static double readsPerFire(SaturnModel m) {
        SaturnVersion v = m.version();
        int e = m.executorsPerDomain();
        int i = m.itemsPerJob();
        double phaseA = e * (7.0 + 2 * i);
        double owned = owners(m) + 8.0 * i + (v.existsBeforeItemDeletes() ? 2.0 * i : 0);
        double fanOut = 2.0 * i * e * 8;
        double consoleStatus = v.statusPerFire() ? 2.0 * owners(m) * m.consolesPerDomain() : 0;
        return phaseA + owned + fanOut + consoleStatus;
    }

    /** Znodes under {@code servers/<executor>}, itself included: its values, status, sharding and two counters. */
    private static int perServer(SaturnVersion v) {
        return 1 + v.serverValues().size() + 4;
    }

    private static int owners(SaturnModel m) {
        return Math.min(m.itemsPerJob(), m.executorsPerDomain());
    }

    private static double round(double v) {
        return Math.round(v * 100.0) / 100.0;
    }
}
