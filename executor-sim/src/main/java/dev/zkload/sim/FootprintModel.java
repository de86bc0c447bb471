package dev.zkload.sim;

/**
 * The arithmetic of saturn-model.md section 5, generalised to any sizes: E executors, C consoles,
 * J jobs, I items, N config fields, one fire per job per minute. Items are spread evenly, so an
 * executor owns {@code I/E} items of a job on average and {@code min(I, E)} executors own some.
 */
final class FootprintModel {
    private FootprintModel() {
    }

    static Footprint of(SaturnModel m) {
        int e = m.executorsPerDomain();
        int c = m.consolesPerDomain();
        int j = m.jobsPerDomain();
        int i = m.itemsPerJob();
        int n = m.configFields();
        boolean v3 = m.isSaturn3();
        double firesPerSec = j / 60.0;
        int owners = Math.min(i, e);

        // znodes: per job = job + config(1+N) + servers(1 + E*(7|8)) + leader 6 + execution(1+2I) + analyse 3
        int perServer = v3 ? 8 : 7;
        long perJob = 1 + (1 + n) + (1 + (long) e * perServer) + 6 + (1 + 2L * i) + 3;
        long executorsTree = 1 + (long) e * 5;
        long saturnExecutors = 1 + executorsTree + 4 + 3;
        double znodes = 2 + j * perJob + saturnExecutors;

        double running = j * i * m.runTime().toMillis() / 60_000.0;
        double ephemerals = e + (double) j * e + j + 1 + running;

        // executor watches: per job host 1 + execution TreeCache (2+I) + 2 NodeCaches per item + 3 op caches
        // + config caches (2|3) + analyse/reset + control/report, plus the $Jobs TreeCache (2+J) and, in 3.x, $SaturnSelf
        long perExecutorJob = 1 + (2 + i) + 2L * i + 3 + (v3 ? 3 : 2) + 1 + 1;
        long perExecutor = j * perExecutorJob + 2 + j + (v3 ? 1 : 0);
        // console sharding session: executors tree (depth 2), sharding (1), leader (1), $Jobs (1), per job servers (depth 2)
        // and config (2.1: the config depth-1 TreeCache; 3.x: enabled and forceShard depth-0 caches)
        long consoleFixed = (2 + e * (2L + 4)) + 4 + 4 + (2 + j);
        long perConsoleJob = (2 + e * (2L + (perServer - 1))) + (v3 ? 2 : 2 + n);
        double watches = (double) e * perExecutor + (double) c * (consoleFixed + j * perConsoleJob);

        // writes: 4 per item run; 2.1 writes status RUNNING and READY once per owning executor per fire;
        // statistics every 300 s: 3 multis per (executor, job)
        double writes = firesPerSec * (4.0 * i + (v3 ? 0 : 2.0 * owners)) + (double) e * j * 3 / 300.0;

        // reads per fire: phase A on every executor (13 for I=3: 7 + 2I), plus 1 + 8 per owned item on owners;
        // fan-out 8 per executor per running create/delete; 2.1: exists before two deletes per item and the
        // consoles re-read each status write; statistics 3 per pair per 300 s, console re-reads 2C per pair per 300 s
        double phaseA = e * (7.0 + 2 * i);
        double owned = owners + 8.0 * i + (v3 ? 0 : 2.0 * i);
        double fanOut = 2.0 * i * e * 8;
        double consoleStatus = v3 ? 0 : 2.0 * owners * c;
        double reads = firesPerSec * (phaseA + owned + fanOut + consoleStatus)
                + (double) e * j * 3 / 300.0 + (double) e * j * 2 * c / 300.0;
        return new Footprint(znodes, ephemerals, watches, e + c, round(writes), round(reads));
    }

    private static double round(double v) {
        return Math.round(v * 100.0) / 100.0;
    }
}
