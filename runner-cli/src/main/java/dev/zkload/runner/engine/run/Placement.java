package dev.zkload.runner.engine.run;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.machine.CpuList;
import dev.zkload.bench.machine.CpuPlacement;
import dev.zkload.bench.machine.ProcessCpu;
import dev.zkload.runner.text.Plural;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Puts this runner on the cores an embedded ensemble's {@link CpuPlacement} leaves it (the servers are placed as
 * they are forked), and says where everything runs: what run.json's {@code target.placement} records.
 */
final class Placement {
    private Placement() {}

    /** Pins this runner's threads, if placed; the placement in words. */
    static String apply(Optional<CpuPlacement> placement, EmbeddedServers servers, RunListener progress)
            throws InterruptedException {
        if (placement.isEmpty()) {
            int cores = ProcessCpu.read(ProcessHandle.current().pid())
                    .map(p -> p.allowedCpus().size())
                    .orElse(Runtime.getRuntime().availableProcessors());
            String why = !servers.ownCores()
                    ? "--placement shared"
                    : LocalEnsemble.TASKSET.isEmpty()
                            ? "no taskset on this machine"
                            : "too few cores to give each server its own and the runner the rest";
            return "shared: the runner and " + Plural.of(servers.servers(), "server") + " on the same "
                    + Plural.of(cores, "core") + " (" + why + ")";
        }
        CpuPlacement p = placement.get();
        String runner = CpuList.format(p.runner());
        try {
            // -a: every thread of the JVM now; the threads it starts later inherit their creator's affinity
            Process taskset = new ProcessBuilder(
                            LocalEnsemble.TASKSET.get().toString(),
                            "-a",
                            "-p",
                            "-c",
                            runner,
                            Long.toString(ProcessHandle.current().pid()))
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (!taskset.waitFor(10, TimeUnit.SECONDS) || taskset.exitValue() != 0) {
                taskset.destroyForcibly();
                progress.line("warning: the runner could not be placed on CPUs " + runner
                        + " (taskset failed): the servers have cores of their own, the runner shares every core");
                return p.describe() + " (the runner not placed: taskset failed)";
            }
        } catch (IOException e) {
            progress.line("warning: the runner could not be placed on CPUs " + runner + ": " + e.getMessage());
            return p.describe() + " (the runner not placed)";
        }
        progress.line("Placed: " + p.describe());
        return p.describe();
    }
}
