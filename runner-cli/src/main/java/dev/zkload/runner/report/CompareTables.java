package dev.zkload.runner.report;

import dev.zkload.bench.ops.Op;
import dev.zkload.runner.result.OpLatency;
import dev.zkload.runner.result.RunConditions;
import dev.zkload.runner.result.StepServerData;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * The tables of {@code compare}: the settings that differ, then per operation and per matched level each
 * run's figure beside the first run's with the ratio, then the leader's counters side by side.
 */
final class CompareTables {
    /** Settings every run has its own of, so they never "differ" in a way worth a row. */
    private static final Set<String> NOISE = Set.of("ramp.mergedFrom", "target.servers");

    private CompareTables() {}

    /** The levels every run has, in the first run's order. */
    static List<String> matched(List<ComparedRun> runs) {
        List<String> keys = new ArrayList<>(runs.get(0).levels().keySet());
        runs.forEach(r -> keys.retainAll(r.levels().keySet()));
        return keys;
    }

    /** The levels some run has and another lacks: they cannot be compared. */
    static List<String> unmatched(List<ComparedRun> runs) {
        Set<String> all = new LinkedHashSet<>();
        runs.forEach(r -> all.addAll(r.levels().keySet()));
        all.removeAll(matched(runs));
        return new ArrayList<>(all);
    }

    /** Every setting whose value is not the same in all runs: server version, JVM flags, snapCount, … */
    static Table settingsThatDiffer(List<ComparedRun> runs) {
        List<Map<String, String>> flat =
                runs.stream().map(CompareTables::flatten).toList();
        Set<String> names = new LinkedHashSet<>();
        flat.forEach(f -> names.addAll(f.keySet()));
        // embedded ensembles listen on free ports: their connect strings differ and mean nothing
        boolean allEmbedded =
                runs.stream().allMatch(r -> "true".equals(r.info().target().get("embedded")));
        List<List<String>> rows = new ArrayList<>();
        for (String name : names) {
            if (NOISE.contains(name) || (allEmbedded && name.equals("target.connectString"))) {
                continue;
            }
            List<String> values =
                    flat.stream().map(f -> f.getOrDefault(name, Numbers.ABSENT)).toList();
            if (values.stream().distinct().count() > 1) {
                List<String> row = new ArrayList<>();
                row.add(name);
                row.addAll(values);
                rows.add(row);
            }
        }
        return new Table(
                "Settings that differ",
                rows.isEmpty() ? "None: every run was made with the same settings." : null,
                header("Setting", runs),
                rows);
    }

    private static Map<String, String> flatten(ComparedRun run) {
        Map<String, String> out = new LinkedHashMap<>();
        RunInfo info = run.info();
        out.put("zkload", info.version());
        info.settings().forEach((k, v) -> out.put("ramp." + k, v));
        info.target().forEach((k, v) -> out.put("target." + k, v));
        out.put(
                "server versions",
                String.join(
                        ", ",
                        info.servers().stream()
                                .map(s -> s.getOrDefault("version", Numbers.ABSENT))
                                .distinct()
                                .toList()));
        out.put("server roles", roles(info.servers()));
        info.model().forEach((k, v) -> out.put("model." + k, v));
        out.values().removeIf(Objects::isNull);
        return out;
    }

    /**
     * The servers' roles as the preflight found them, counted in the order they first appear: {@code leader, 2
     * followers, 2 observers}; a server read beside {@code --connect}'s is marked {@code (added)}.
     */
    static String roles(List<Map<String, String>> servers) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (Map<String, String> s : servers) {
            String role = s.getOrDefault("mode", Numbers.ABSENT) + (s.containsKey("added") ? " (added)" : "");
            counts.merge(role, 1, Integer::sum);
        }
        List<String> parts = new ArrayList<>();
        counts.forEach((role, n) -> parts.add(n == 1 ? role : n + " " + plural(role)));
        return String.join(", ", parts);
    }

    /** {@code followers}, {@code observers (added)}: the role's noun in the plural, its mark kept. */
    private static String plural(String role) {
        int space = role.indexOf(' ');
        return space < 0 ? role + "s" : role.substring(0, space) + "s" + role.substring(space);
    }

    /** One figure per operation and matched level: each run's value, and for the others their ratio to the first. */
    static Table perOp(OpMetric metric, List<ComparedRun> runs, List<String> levels) {
        List<String> header = sideBySide("Operation", runs);
        List<List<String>> rows = new ArrayList<>();
        for (String level : levels) {
            for (Op op : Op.values()) {
                // an experiment measures some of the seven operations only
                if (runs.stream().anyMatch(r -> r.op(level, op) != null)) {
                    rows.add(row(op.jsonName(), level, runs, r -> value(r, level, op, metric), metric.decimals()));
                }
            }
        }
        return new Table(
                metric.name() + " per operation",
                metric.name() + (metric.higherIsBetter() ? " (higher is better)" : " in ms (lower is better)")
                        + (runs.get(0).experiment()
                                ? "; latencies as each level recorded them."
                                : "; latencies from the HdrHistogram logs.")
                        + " The ratio is each run's value over the first run's.",
                header,
                rows);
    }

    static Double value(ComparedRun run, String level, Op op, OpMetric metric) {
        OpLatency o = run.op(level, op);
        return o == null || o.count() == 0 ? null : metric.value().apply(o);
    }

    /** The leader's counters per matched step, side by side (ramps only). */
    static Table servers(List<ComparedRun> runs, List<String> levels) {
        Map<String, Function<ComparedRun.Level, Double>> quantities = new LinkedHashMap<>();
        quantities.put("znodes", counter(s -> (double) s.znodes()));
        quantities.put("watches", counter(s -> (double) s.watches()));
        quantities.put("outstanding avg", counter(StepServerData::outstandingAvg));
        quantities.put("outstanding max", counter(s -> (double) s.outstandingMax()));
        quantities.put("leader CPU (% of a core)", ComparedRun.Level::leaderCpu);
        quantities.put("leader RSS (MiB)", counter(s -> s.rssBytes() == null ? null : s.rssBytes() / (1024.0 * 1024)));
        List<String> header = sideBySide("Quantity", runs);
        List<List<String>> rows = new ArrayList<>();
        for (String level : levels) {
            quantities.forEach((name, q) ->
                    rows.add(row(name, level, runs, r -> q.apply(r.levels().get(level)), 1)));
        }
        return new Table(
                "Server data per step",
                "The leader's counters over each step's settled load; CPU " + LeaderCpu.ABSENT_NOTE
                        + "; memory n/a where the servers are not embedded.",
                header,
                rows);
    }

    /** One of the leader's counters, absent where no leader answered the step. */
    private static Function<ComparedRun.Level, Double> counter(Function<StepServerData, Double> quantity) {
        return l -> l.server() == null ? null : quantity.apply(l.server());
    }

    /** What each matched level of an experiment measured, side by side, in the first run's order of names. */
    static Table measured(List<ComparedRun> runs, List<String> levels) {
        List<List<String>> rows = new ArrayList<>();
        for (String level : levels) {
            Set<String> names = new LinkedHashSet<>();
            runs.forEach(r -> names.addAll(r.levels().get(level).measured().keySet()));
            for (String name : names) {
                rows.add(row(
                        name, level, runs, r -> r.levels().get(level).measured().get(name), 3));
            }
        }
        return new Table(
                "What each level measured",
                "The quantities each experiment records per level (docs/experiments.md names them); n/a: not"
                        + " observed in that run.",
                sideBySide("Quantity", runs),
                rows);
    }

    /** Each ramp's answer beside what tells the runs' conditions apart (see {@link RunConditions}). */
    static Table conditions(List<ComparedRun> runs) {
        List<List<String>> rows = new ArrayList<>();
        for (ComparedRun r : runs) {
            RunConditions c = r.conditions();
            rows.add(List.of(
                    r.label(),
                    c.limitedBy() == null ? Numbers.ABSENT : c.limitedBy(),
                    c.hostNoisePercent() == null ? Numbers.ABSENT : Numbers.decimal(c.hostNoisePercent(), 0) + "%",
                    Numbers.decimal(c.baselineCreatesPerSec(), 0),
                    Numbers.decimal(c.baselineFsyncMs(), 2)));
        }
        return new Table(
                "Conditions of each run",
                "What tells two runs apart beside their figures: the resource each was limited by, the most of the"
                        + " machine's cores other processes took in a load step (host noise), and how fast the empty"
                        + " ensemble wrote (creates per second, one at a time) and fsynced when the run began.",
                List.of("Run", "Limited by", "Host noise", "Baseline creates/s", "Baseline fsync (ms)"),
                rows);
    }

    /** An experiment's answers ({@code maxRate}) side by side, with each run's ratio to the first's. */
    static Table answers(List<ComparedRun> runs) {
        Set<String> names = new LinkedHashSet<>();
        runs.forEach(r -> names.addAll(r.answer().keySet()));
        List<List<String>> rows = new ArrayList<>();
        for (String name : names) {
            List<String> row = row(name, "run", runs, r -> r.answer().get(name), 1);
            rows.add(row);
        }
        return new Table(
                "Answers",
                "Each run's answer beside its levels; n/a: the run found none (its notes say why).",
                sideBySide("Answer", runs),
                rows);
    }

    private static List<String> row(
            String name, String level, List<ComparedRun> runs, Function<ComparedRun, Double> value, int decimals) {
        List<String> row = new ArrayList<>(List.of(name, level));
        Double base = value.apply(runs.get(0));
        row.add(Numbers.decimal(base, decimals));
        for (ComparedRun r : runs.subList(1, runs.size())) {
            Double v = value.apply(r);
            row.add(Numbers.decimal(v, decimals));
            row.add(base == null || v == null || base == 0 ? Numbers.ABSENT : Numbers.decimal(v / base, 2) + "×");
        }
        return row;
    }

    /** {@code first}, the level, the first run, then each other run with its ratio to the first. */
    private static List<String> sideBySide(String first, List<ComparedRun> runs) {
        List<String> header =
                new ArrayList<>(List.of(first, "Level", runs.get(0).label()));
        for (ComparedRun r : runs.subList(1, runs.size())) {
            header.add(r.label());
            header.add(r.label() + " / " + runs.get(0).label());
        }
        return header;
    }

    private static List<String> header(String first, List<ComparedRun> runs) {
        List<String> header = new ArrayList<>(List.of(first));
        runs.forEach(r -> header.add(r.label()));
        return header;
    }
}
