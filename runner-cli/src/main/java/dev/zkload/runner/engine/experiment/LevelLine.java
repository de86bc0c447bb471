package dev.zkload.runner.engine.experiment;

import dev.zkload.bench.result.OpStats;
import dev.zkload.runner.result.LevelResult;
import java.util.Locale;
import java.util.Map;

/** The console's line for a finished level: what was reached, and the benchmark's headline figures. */
final class LevelLine {
    private LevelLine() {}

    /** @param levels how many levels the sweep has, or -1 when a search decides as it goes */
    static String of(LevelResult level, int levels) {
        String of = levels < 0 ? "" : "/" + levels;
        StringBuilder line =
                new StringBuilder(String.format(Locale.ROOT, "level %d%s (%s): ", level.level(), of, level.label()));
        Double onServer = level.measured().get("znodesOnServer");
        if (onServer != null) {
            line.append(String.format(Locale.ROOT, "%,.0f znodes on the leader; ", onServer));
        }
        for (Map.Entry<String, OpStats> op : level.ops().entrySet()) {
            OpStats s = op.getValue();
            if (s.count() > 0 && s.errors() == s.count()) {
                // failed calls return at once: their rate and latency would look like a very fast ensemble
                line.append(
                        String.format(Locale.ROOT, "%s all %,d failed %s  ", op.getKey(), s.count(), s.errorsByCode()));
                continue;
            }
            line.append(String.format(Locale.ROOT, "%s %,.0f/s p99 %.2f ms  ", op.getKey(), s.opsPerSec(), s.p99Ms()));
            if (s.errors() > 0) {
                line.append(String.format(Locale.ROOT, "(%,d failed)  ", s.errors()));
            }
        }
        Double passed = level.measured().get("passed");
        if (passed != null) {
            line.append(passed == 1.0 ? "[held] " : "[did not hold] ");
        }
        if (level.generator() != null && level.generator().bound()) {
            line.append("[generator-bound: ")
                    .append(String.join(", ", level.generator().reasons()))
                    .append(']');
        }
        if (level.interrupted()) {
            line.append("[interrupted]");
        }
        return line.toString().stripTrailing();
    }
}
