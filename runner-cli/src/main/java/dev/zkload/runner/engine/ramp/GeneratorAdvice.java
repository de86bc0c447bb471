package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.engine.resources.BusyHost;
import dev.zkload.runner.result.HostUsage;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.text.Amounts;

/**
 * What to do when the runner was the bottleneck, by what held it. Where the runner and the embedded servers
 * filled this machine's cores between them, more runners here would only take more of them: the servers go
 * elsewhere, or to a machine with cores to give each its own. Where the runner alone was short, its load is spread
 * over runners on other machines.
 */
final class GeneratorAdvice {
    /** From this many cores the embedded servers get cores of their own and the runner the rest. */
    private static final int PLACED_FROM_CORES = 4;

    private GeneratorAdvice() {}

    /**
     * The advice for the runner's limit at {@code at}, as the verdict ends with it.
     *
     * @param embedded the servers are zkload's own, forked on this machine
     */
    static String of(StepResult at, boolean embedded) {
        HostUsage h =
                at == null || at.resources() == null ? null : at.resources().host();
        if (embedded && BusyHost.atLimit(h)) {
            return "the runner and the servers filled this machine's " + Amounts.coresNoun(h.cores())
                    + " between them: run the servers on machines of their own (--connect)"
                    + (h.cores() < PLACED_FROM_CORES
                            ? ", or use a machine of at least " + PLACED_FROM_CORES
                                    + " cores, where they get cores of their own"
                            : ", or use a machine with more cores");
        }
        return "spread the load over runners on machines of their own (--shard i/N on each), or use a bigger machine";
    }
}
