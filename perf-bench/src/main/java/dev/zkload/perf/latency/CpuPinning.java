package dev.zkload.perf.latency;

import dev.zkload.bench.ensemble.LocalEnsemble;

/**
 * With {@code -Dpin=true}, the benchmark's JVM on CPU 0 and its standalone server on CPU 1. On two
 * cores shared by the client, the server and its log, whichever the scheduler favours for a
 * few-second phase moves a rate by ±40%; with a core each, neither steals the other's time and the
 * client's own cost per call shows whole in its rate.
 */
final class CpuPinning {
    private CpuPinning() {}

    static void applyIfAsked(LocalEnsemble zk) throws Exception {
        if (!Boolean.getBoolean("pin")) {
            return;
        }
        pin(ProcessHandle.current().pid(), 0);
        pin(zk.processStats(1).pid(), 1);
        System.out.println("client pinned to CPU 0, server to CPU 1");
    }

    /** Every thread of {@code pid}, and those it starts later (they inherit it), on one CPU. */
    private static void pin(long pid, int cpu) throws Exception {
        Process p = new ProcessBuilder("taskset", "-a", "-p", "-c", Integer.toString(cpu), Long.toString(pid))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (p.waitFor() != 0) {
            throw new IllegalStateException("taskset could not pin process " + pid + " to CPU " + cpu);
        }
    }
}
