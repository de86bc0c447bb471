package dev.zkload.runner.report;

import dev.zkload.runner.result.DeliveredWork;
import dev.zkload.runner.result.HostUsage;
import dev.zkload.runner.result.LeaderStages;
import dev.zkload.runner.result.ServerUsage;
import dev.zkload.runner.result.Stage;
import dev.zkload.runner.result.StepResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Why a step went as it did: what the machine and the leader used over its settled load, the work the
 * domains got done, and where a request's time went at the leader, stage by stage.
 */
final class ResourceTables {
    private ResourceTables() {}

    static boolean any(List<StepResult> steps) {
        return steps.stream().anyMatch(s -> s.resources() != null);
    }

    static boolean anyStages(List<StepResult> steps) {
        return steps.stream().anyMatch(s -> s.stages() != null);
    }

    static Table resources(List<StepResult> steps) {
        List<String> header = List.of(
                "Step",
                "Machine busy (%)",
                "Stolen (%)",
                "Runner (cores)",
                "Servers (cores)",
                "Others (cores)",
                "Leader (cores of may use)",
                "Leader's busiest thread",
                "Leader GC (max / total ms)",
                "Leader fsync (mean ms, count)",
                "Leader bytes in / out per s",
                "Fires delivered");
        List<List<String>> rows = new ArrayList<>();
        for (StepResult s : steps) {
            if (s.resources() == null) {
                continue;
            }
            HostUsage h = s.resources().host();
            ServerUsage l = leader(s);
            rows.add(List.of(
                    StepLabels.label(s),
                    h == null ? Numbers.ABSENT : Numbers.decimal(h.busyPercent(), 0),
                    h == null ? Numbers.ABSENT : Numbers.decimal(h.stealPercent(), 0),
                    h == null ? Numbers.ABSENT : Numbers.decimal(h.runnerCores(), 2),
                    h == null ? Numbers.ABSENT : Numbers.decimal(h.serversCores(), 2),
                    h == null ? Numbers.ABSENT : Numbers.decimal(h.otherCores(), 2),
                    l == null || l.cpuCores() == null
                            ? Numbers.ABSENT
                            : Numbers.decimal(l.cpuCores(), 2) + " of " + Numbers.decimal(l.mayUseCores(), 2),
                    l == null || l.hottestThread() == null
                            ? Numbers.ABSENT
                            : l.hottestThread() + " " + Numbers.decimal(l.hottestThreadCores(), 2),
                    l == null || l.gcPauseMaxMs() == null
                            ? Numbers.ABSENT
                            : Numbers.decimal(l.gcPauseMaxMs(), 0) + " / " + Numbers.decimal(l.gcPauseTotalMs(), 0),
                    l == null || l.fsync() == null
                            ? Numbers.ABSENT
                            : Numbers.decimal(l.fsync().meanMs(), 2) + " ("
                                    + l.fsync().count() + ")",
                    l == null ? Numbers.ABSENT : kib(l.bytesInPerSec()) + " / " + kib(l.bytesOutPerSec()),
                    delivered(s.delivered())));
        }
        return new Table(
                "Resources per step",
                "Over each step's settled load. The machine's cores: how busy (stolen time included), how much the"
                        + " hypervisor stole, and who had them: this runner, the servers that run on this machine, and"
                        + " other processes. The leader's process: the cores it used of those it may use (its CPU"
                        + " affinity and quota), its busiest thread (one thread uses at most one core), its GC pauses,"
                        + " its transaction log's fsyncs, its traffic (KiB/s). Fires delivered: the simulated job fires"
                        + " due and done in time. n/a: not observed (see resources.unobserved in steps.jsonl).",
                header,
                rows);
    }

    static Table stages(List<StepResult> steps) {
        List<String> header = new ArrayList<>();
        header.add("Step");
        for (Stage st : Stage.values()) {
            header.add((st.writes() && st.reads() ? "" : st.writes() ? "write: " : "read: ") + st.label() + " (ms)");
        }
        List<List<String>> rows = new ArrayList<>();
        for (StepResult s : steps) {
            LeaderStages ls = s.stages();
            if (ls == null) {
                continue;
            }
            List<String> row = new ArrayList<>();
            row.add(StepLabels.label(s));
            for (Stage st : Stage.values()) {
                LeaderStages.StageTime t = ls.of(st);
                row.add(t == null || t.count() == 0 ? Numbers.ABSENT : Numbers.decimal(t.meanMs(), 2));
            }
            rows.add(row);
        }
        return new Table(
                "Where a request's time went at the leader",
                "The mean time of each stage of the leader's request pipeline over each step's settled load, from its"
                        + " own summaries (ZooKeeper 3.6 and later). A write passes the prep processor's queue and work,"
                        + " waits in the commit processor while the leader logs it (sync processor: queue, batch and"
                        + " fsync) and a quorum acknowledges it, then the final processor; a read passes the prep"
                        + " processor, the commit processor's queue and the final processor. The stage that grows"
                        + " towards saturation is where the time goes; the fsync is per fsync, not per request.",
                header,
                rows);
    }

    /** The leader's figures in a step's {@code resources}: the server its stages were read on, or the one leading. */
    static ServerUsage leader(StepResult s) {
        if (s.stages() != null && s.resources().servers().containsKey(s.stages().server())) {
            return s.resources().servers().get(s.stages().server());
        }
        return s.resources().servers().entrySet().stream()
                .filter(e -> "leader".equals(e.getValue().role())
                        || "standalone".equals(e.getValue().role()))
                .map(Map.Entry::getValue)
                .findFirst()
                .orElse(null);
    }

    private static String delivered(DeliveredWork d) {
        if (d == null || d.share() == null) {
            return Numbers.ABSENT;
        }
        return Numbers.decimal(100 * d.share(), 1) + "% of " + d.firesDue();
    }

    private static String kib(Double bytesPerSec) {
        return bytesPerSec == null ? Numbers.ABSENT : Numbers.decimal(bytesPerSec / 1024, 0);
    }
}
