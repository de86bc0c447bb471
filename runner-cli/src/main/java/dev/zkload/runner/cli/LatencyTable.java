package dev.zkload.runner.cli;

import dev.zkload.bench.result.LatencyReport;
import dev.zkload.bench.result.OpStats;
import dev.zkload.bench.result.TargetResult;
import java.io.PrintWriter;
import java.util.Map;

/** The console table of a latency run: one block per target, one row per operation. */
final class LatencyTable {
    private LatencyTable() {}

    static void print(LatencyReport report, PrintWriter out) {
        out.println();
        for (TargetResult t : report.targets()) {
            out.printf(
                    "%s%s — %d znodes of %d bytes, %s%s%n",
                    t.target(),
                    t.role() == null ? "" : " (" + t.role() + ")",
                    report.znodeCount(),
                    report.znodeSize(),
                    report.mode(),
                    report.interrupted() ? ", INTERRUPTED" : "");
            out.printf("  %-16s %10s %9s %9s %9s %8s%n", "op", "ops/s", "p50 ms", "p99 ms", "max ms", "errors");
            for (Map.Entry<String, OpStats> e : t.ops().entrySet()) {
                OpStats s = e.getValue();
                out.printf(
                        "  %-16s %10.0f %9.3f %9.3f %9.3f %8d%n",
                        e.getKey(), s.opsPerSec(), s.p50Ms(), s.p99Ms(), s.maxMs(), s.errors());
            }
            if (t.watchNotifications().expected() > 0) {
                out.printf(
                        "  watch notifications: %d of %d, all within %.1f ms of the first delete%n",
                        t.watchNotifications().received(),
                        t.watchNotifications().expected(),
                        t.watchNotifications().untilAllMs());
            }
            out.println();
        }
    }
}
