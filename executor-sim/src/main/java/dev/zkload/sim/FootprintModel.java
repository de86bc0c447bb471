package dev.zkload.sim;

/**
 * The expected footprint of a domain, generalised to any sizes: E executors, C consoles, J jobs,
 * each with its own I items, N config fields and fire rate (a preset: all alike, once a minute). Items are spread evenly, so an executor
 * owns {@code I/E} items of a job on average and {@code min(I, E)} executors own some. O executors
 * registered but offline add only their persistent znodes and the consoles' watches on them
 * (DomainTree says which). docs/executor-sim.md walks through the same arithmetic for the presets.
 */
final class FootprintModel {
    /** A fire that is not reported, on each executor: exists and get of necessary, its sharding, the context. */
    private static final int UNREPORTED_READS_PER_EXECUTOR = 4;

    private FootprintModel() {}

    static Footprint of(SaturnModel m) {
        return of(m.version(), m.zkClient(), DomainKind.of(m));
    }

    /** {@link #of(SaturnVersion, ZkClientLine, DomainKind)} on the client line the version ships with. */
    static Footprint of(SaturnVersion v, DomainKind k) {
        return of(v, v.defaultClient(), k);
    }

    /**
     * The same arithmetic summed over a kind's job groups, each with its own items, config and fire rate. On
     * the 3.5 client line the latches are containers, gone once their election is over: one znode fewer per
     * job and for the console's, and one watch fewer per console session (its cache on the console leader).
     */
    static Footprint of(SaturnVersion v, ZkClientLine client, DomainKind k) {
        int latch = client.containers() ? 0 : 1;
        int e = k.executors();
        int o = k.registered() - e;
        int c = k.consoles();
        int j = k.jobCount();
        int perServer = perServer(v);
        // an online executor's node, lastBeginTime, version, clean and ip; an offline one's without ip
        long executorsTree = 1 + (long) e * 5 + (long) o * 4;
        // sharding, content, content/0, count; leader, host and the latch
        long saturnExecutors = 1 + executorsTree + 4 + 2 + latch;
        // console sharding session: executors tree (depth 2), sharding (1), leader (1), $Jobs (1), then per job
        long consoleFixed = (2 + e * (2L + 4) + o * (2L + 3)) + 4 + (3 + latch) + (2 + j);
        double znodes = 2 + saturnExecutors;
        double running = 0;
        double perExecutor = 2 + j + (v.watchesSaturnSelf() ? 1 : 0);
        double perConsole = consoleFixed;
        double writes = 0;
        double reads = 0;
        for (JobGroup g : k.jobs()) {
            int i = g.items();
            int n = g.configFields();
            double firesPerSec = g.firesPerSec();
            // znodes: per job = job + config(1+N) + servers(1 + E*perServer + O*(perServer-2): no status, no
            // sharding) + leader 6 + execution(1+2I, completed nodes only where the job runs) + analyse 3; a
            // disabled job is never sharded (no sharding under servers, no leader/sharding and necessary), and
            // only an enabled job that reports its runs has an execution tree
            int unsharded = g.enabled() ? 0 : 1;
            long servers = 1 + (long) e * (perServer - unsharded) + (long) o * (perServer - 2);
            // leader, election, host and the latch; sharding and necessary where the job is enabled
            long leader = 3L + latch + (g.enabled() ? 2 : 0);
            long execution = g.keepsExecution() ? 1 + (g.fires() ? 2L : 1L) * i : 0;
            znodes += g.count() * (double) (1 + (1 + n) + servers + leader + execution + 3);
            running += g.fires() && g.reports()
                    ? (double) g.count()
                            * i
                            * g.runTime().toMillis()
                            / g.period().toMillis()
                    : 0;
            // executor watches: per job host 1 + execution TreeCache (2+I; an absent execution node 1) + 2
            // NodeCaches per item + 3 op caches + config caches + analyse/reset + control/report
            long executionWatches = g.keepsExecution() ? (2 + i) + 2L * i : 1;
            perExecutor += g.count()
                    * (double) (1
                            + executionWatches
                            + 3
                            + v.executorConfigWatches().size()
                            + 1
                            + 1);
            // servers (depth 2; an offline executor's node has two children fewer) and the version's config caches
            // (a depth-1 cache on config watches it and its N children)
            long configWatches = 0;
            for (SaturnVersion.CachedPath p : v.consoleConfigCaches()) {
                configWatches += p.depth() == 0 ? 1 : 2 + n;
            }
            perConsole += g.count()
                    * (double)
                            ((2 + e * (2L + (perServer - 1 - unsharded)) + o * (2L + (perServer - 3))) + configWatches);
            if (g.reports()) {
                writes += firesPerSec * writesPerFire(v, e, i);
                reads += firesPerSec * readsPerFire(v, e, c, i);
            } else {
                reads += firesPerSec * UNREPORTED_READS_PER_EXECUTOR * e;
            }
        }
        double ephemerals = e + (double) j * e + j + 1 + running;
        double watches = e * perExecutor + c * perConsole;
        // statistics every 300 s per (executor, job): 3 writes, 3 reads, and each console re-reads the two counters
        double statsPeriod = SaturnModel.STATS_PERIOD.toSeconds();
        writes += (double) e * j * 3 / statsPeriod;
        reads += (double) e * j * 3 / statsPeriod + (double) e * j * 2 * c / statsPeriod;
        return new Footprint(znodes, ephemerals, watches, e + c, round(writes), round(reads));
    }

    static double writesPerFire(SaturnModel m) {
        return writesPerFire(m.version(), m.executorsPerDomain(), m.itemsPerJob());
    }

    static double readsPerFire(SaturnModel m) {
        return readsPerFire(m.version(), m.executorsPerDomain(), m.consolesPerDomain(), m.itemsPerJob());
    }

    /**
     * Write transactions of one job fire: 4 per item (delete completed, create running, create
     * completed, delete running), and in 2.1 the status multis RUNNING and READY of each owner.
     */
    static double writesPerFire(SaturnVersion v, int e, int i) {
        return 4.0 * i + (v.statusPerFire() ? 2.0 * Math.min(i, e) : 0);
    }

    /**
     * Reads of one job fire: phase A on every executor (7 + 2I), 1 + 8 per owned item on the owners
     * (+2 per item where deletes are checked first), the fan-out of 8 reads per executor for each
     * running node created and deleted, and where status is rewritten each console re-reading it.
     */
    static double readsPerFire(SaturnVersion v, int e, int c, int i) {
        int owners = Math.min(i, e);
        double phaseA = e * (7.0 + 2 * i);
        double owned = owners + 8.0 * i + (v.existsBeforeItemDeletes() ? 2.0 * i : 0);
        double fanOut = 2.0 * i * e * 8;
        double consoleStatus = v.statusPerFire() ? 2.0 * owners * c : 0;
        return phaseA + owned + fanOut + consoleStatus;
    }

    /** Znodes under {@code servers/<executor>}, itself included: its values, status, sharding and two counters. */
    private static int perServer(SaturnVersion v) {
        return 1 + v.serverValues().size() + 4;
    }

    private static double round(double v) {
        return Math.round(v * 100.0) / 100.0;
    }
}
