package dev.zkload.runner.report;

import dev.zkload.bench.ops.Op;
import dev.zkload.bench.result.OpStats;
import dev.zkload.runner.result.LevelResult;
import dev.zkload.runner.result.RunKind;
import dev.zkload.runner.result.SweepResults;
import dev.zkload.runner.result.SweepSummary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The report of an experiment's sweep (e.g. {@code znodes}), made from its folder alone like the
 * ramp's: the outcome, what could not be observed, the settings, one table of what each level
 * measured on the servers, and TPS and p99 per operation against the level, as tables and charts.
 */
final class SweepReport {
    static final String TPS_PNG = "tps-per-level.png";
    static final String P99_PNG = "p99-per-level.png";

    /** What a level is, for titles and axes, and the measured quantities shown, in order. */
    private record Shape(String question, String levelAxis, List<String> quantities, String caption) {}

    /** What a level of {@code kind}'s sweep is, for titles and axes, and the measured quantities shown, in order. */
    private static Shape shape(RunKind kind) {
        return switch (kind) {
            case DISRUPT ->
                new Shape(
                        "What does a fault cost at each load?",
                        "domains",
                        List.of(
                                "recoveryMs",
                                "leaderlessMs",
                                "sessionsBackMs",
                                "footprintBackMs",
                                "sessionsDisconnected",
                                "sessionsExpired",
                                "reshards",
                                "reshardWrites",
                                "ephemeralsBefore",
                                "ephemeralsLowest",
                                "watchesBefore",
                                "watchesLowest",
                                "leaderOutstandingMax"),
                        "from the fault's start: until the ensemble and the fleet were back, the time no leader served,"
                                + " until every simulated session was connected (none lost for 2 s) and the ephemerals and watches were"
                                + " back; the sessions' disconnections and expiries, the consoles' reshards and the"
                                + " znodes they set, the footprint before the fault"
                                + " and its lowest after, and the leader's longest queue; the probe's seven operations are"
                                + " from the fault to the recovery; n/a: not observed (the notes say why).");
            case MAX_RATE ->
                new Shape(
                        "What is the highest throughput at which latency stays under the bound?",
                        "rate asked for (calls/s)",
                        List.of("targetRate", "achievedRate", "p50Ms", "p99Ms", "passed"),
                        "each rate held, in the order the search tried them: the rate the ensemble achieved, the"
                                + " latency of all calls from their intended start, and whether the rate held (1) or"
                                + " not (0); the notes say why not.");
            case CONNECTIONS ->
                new Shape(
                        "How does the ensemble fare as more clients work at once?",
                        "clients",
                        List.of(
                                "leaderOutstandingMax",
                                "followerOutstandingMax",
                                "observerOutstandingMax",
                                "fsyncs",
                                "fsyncMsAvg",
                                "diskWriteMB",
                                "connectionLosses",
                                "sessionExpiries"),
                        "the most requests the leader, any follower and any observer held outstanding (read four times a"
                                + " second), the"
                                + " leader's fsyncs and their mean time, the embedded servers' disk writes (MB = 10^6"
                                + " bytes), and the clients' lost connections and expired sessions; n/a: not observed"
                                + " (the notes say why).");
            case WATCHES ->
                new Shape(
                        "What do watches cost a write?",
                        "watches",
                        List.of(
                                "watchesOnServers",
                                "watchesExpected",
                                "notificationsReceived",
                                "notificationsExpected",
                                "notificationP50Ms",
                                "notificationP99Ms",
                                "notificationMaxMs"),
                        "the watches the servers counted before the sets (each counts its own sessions'), the"
                                + " notifications the watching sessions received and their latency from the set's send;"
                                + " n/a: not observed (the notes say why).");
            case DATA_SIZE ->
                new Shape(
                        "How much slower is each operation as znodes hold more data?",
                        "bytes per znode",
                        List.of("znodesPerOperation", "createMBPerSecond", "setMBPerSecond", "getMBPerSecond"),
                        "the znodes each operation ran over, the data rate of create, set and get (MB = 10^6 bytes), and"
                                + " the runner's health while it measured; n/a: not observed (the notes say why).");
            case ZNODES ->
                new Shape(
                        "Does the ensemble slow down as it holds more znodes?",
                        "znodes filled",
                        List.of(
                                "znodesOnServer",
                                "fillSeconds",
                                "fillPerSecond",
                                "approximateDataBytes",
                                "snapshots",
                                "snapshotMsAvg",
                                "snapshotBytes"),
                        "as the leader counted it (mntr), the fill's own time, and the runner's health while it measured;"
                                + " n/a: not observed (the notes say why).");
            case RAMP, LATENCY, SIMULATE -> throw new IllegalArgumentException("a " + kind + " run is not a sweep");
        };
    }

    private SweepReport() {}

    static ReportFiles write(SweepResults results) throws IOException {
        RunInfo run = RunInfo.of(results.run());
        Shape shape = shape(results.run().kind());
        // a command that can sweep one of several quantities names the one it swept
        String levelAxis = run.settings().getOrDefault("swept", shape.levelAxis());
        // charts show a curve: the levels by value, whatever order a search tried them in
        List<LevelResult> measured = results.levels().stream()
                .filter(l -> !l.ops().isEmpty())
                .sorted(java.util.Comparator.comparingLong(LevelResult::value))
                .toList();
        List<Path> charts = new ArrayList<>();
        if (!measured.isEmpty()) {
            charts.add(ReportWriter.png(
                    Charts.perLevel(
                            "TPS per operation per level",
                            levelAxis,
                            "operations per second",
                            measured,
                            OpStats::opsPerSec,
                            false),
                    results.dir().resolve(TPS_PNG)));
            charts.add(ReportWriter.png(
                    Charts.perLevel(
                            "p99 latency per operation per level",
                            levelAxis,
                            "p99 latency (ms)",
                            measured,
                            OpStats::p99Ms,
                            true),
                    results.dir().resolve(P99_PNG)));
        }
        List<Block.Image> overTime = new ArrayList<>();
        Map<Long, Double> faultEnds = new java.util.TreeMap<>();
        results.levels().stream()
                .filter(l -> l.measured().containsKey("faultSeconds"))
                .forEach(l -> faultEnds.put(l.value(), l.measured().get("faultSeconds")));
        for (var chart : List.of(
                Map.entry(DisruptCharts.SESSIONS_PNG, DisruptCharts.sessions(results.dir(), faultEnds)),
                Map.entry(DisruptCharts.OUTSTANDING_PNG, DisruptCharts.outstanding(results.dir(), faultEnds)),
                Map.entry(DisruptCharts.RESHARDS_PNG, DisruptCharts.reshardWrites(results.dir(), faultEnds)))) {
            if (chart.getValue().isPresent()) {
                charts.add(
                        ReportWriter.png(chart.getValue().get(), results.dir().resolve(chart.getKey())));
                overTime.add(new Block.Image(chart.getValue().get().getTitle().getText(), chart.getKey()));
            }
        }
        List<Block> blocks = new ArrayList<>();
        blocks.add(new Block.Title(
                "ZooKeeper " + run.command() + ": " + run.target().getOrDefault("connectString", Numbers.ABSENT)));
        blocks.add(new Block.Text(
                shape.question() + " " + ReportDocument.orUnknown(run.tool()) + " "
                        + ReportDocument.orUnknown(run.version()) + ": " + String.join(" ", run.arguments())
                        + ", started " + ReportDocument.orUnknown(run.startTime()) + "; "
                        + results.levels().size()
                        + " level(s) finished.",
                false));
        blocks.add(new Block.Section("Outcome"));
        blocks.add(outcome(results));
        results.summary()
                .filter(s -> !s.thresholds().isEmpty())
                .ifPresent(s -> blocks.add(new Block.TableBlock(ReportDocument.thresholds(s.thresholds()), 3)));
        List<String> notes = notes(results);
        if (!notes.isEmpty()) {
            blocks.add(new Block.Section("Notes"));
            blocks.add(new Block.Bullets(notes));
        }
        blocks.add(new Block.Section("Settings"));
        blocks.add(new Block.TableBlock(ReportDocument.settings(run, run.command()), 3));
        if (!run.servers().isEmpty()) {
            blocks.add(new Block.TableBlock(ReportDocument.servers(run.servers()), 3));
        }
        blocks.add(new Block.TableBlock(servers(results.levels(), shape), 2));
        blocks.addAll(overTime);
        blocks.add(new Block.TableBlock(
                perOp(
                        "TPS per operation per level",
                        "operations per second",
                        results.levels(),
                        s -> Numbers.decimal(s.opsPerSec(), 0)),
                2));
        if (!charts.isEmpty()) {
            blocks.add(new Block.Image("TPS per operation per level", TPS_PNG));
        }
        blocks.add(new Block.TableBlock(
                perOp(
                        "p99 latency per operation per level",
                        "ms",
                        results.levels(),
                        s -> Numbers.decimal(s.p99Ms(), 2)),
                2));
        if (!charts.isEmpty()) {
            blocks.add(new Block.Image("p99 latency per operation per level", P99_PNG));
        }
        return ReportWriter.render(results.dir(), blocks, charts);
    }

    private static Block outcome(SweepResults results) {
        if (results.summary().isEmpty()) {
            return new Block.Text(
                    "Incomplete run: there is no summary.json (the run is still going or was killed);"
                            + " the tables show the levels finished so far.",
                    true);
        }
        SweepSummary summary = results.summary().get();
        String text = summary.levelsFinished() + " of " + summary.levelsRequested() + " level(s) measured, "
                + summary.stopReason().json() + "."
                + (summary.stopDetail() == null ? "" : " " + summary.stopDetail())
                + (summary.answer().isEmpty() ? "" : " Answer: " + answer(summary.answer()) + ".");
        return new Block.Text(text, summary.stopReason() != SweepSummary.Stop.COMPLETED);
    }

    private static String answer(Map<String, Double> answer) {
        return String.join(
                ", ",
                answer.entrySet().stream()
                        .map(e -> e.getKey() + " " + Numbers.decimal(e.getValue(), 3))
                        .toList());
    }

    /** Everything the run could not observe or that went wrong, level by level, then the run's own. */
    private static List<String> notes(SweepResults results) {
        List<String> notes = new ArrayList<>(results.notes());
        for (LevelResult level : results.levels()) {
            level.notes().forEach(n -> notes.add("Level " + level.label() + ": " + n));
            if (level.generator() != null && level.generator().bound()) {
                notes.add("Level " + level.label() + ": the runner itself was the bottleneck ("
                        + String.join(", ", level.generator().reasons())
                        + "): its figures are the runner's limit, not the ensemble's.");
            }
            level.ops().entrySet().stream()
                    .filter(e -> e.getValue().errors() > 0)
                    .forEach(e -> notes.add(
                            "Level " + level.label() + ": " + e.getValue().errors() + " of "
                                    + e.getValue().count() + " " + e.getKey() + " operations failed."));
        }
        results.summary().ifPresent(s -> notes.addAll(s.notes()));
        return notes;
    }

    private static Table servers(List<LevelResult> levels, Shape shape) {
        // a quantity recorded per server too ("diskWriteMB.2") gets a column per server after its total
        List<String> quantities = new ArrayList<>();
        for (String q : shape.quantities()) {
            quantities.add(q);
            levels.stream()
                    .flatMap(l -> l.measured().keySet().stream())
                    .filter(k -> k.startsWith(q + "."))
                    .distinct()
                    .sorted()
                    .forEach(quantities::add);
        }
        List<String> header = new ArrayList<>(List.of("level"));
        header.addAll(quantities);
        header.add("runner cpu (% of share)");
        header.add("generator-bound");
        List<List<String>> rows = new ArrayList<>();
        for (LevelResult level : levels) {
            List<String> row = new ArrayList<>(List.of(level.label()));
            quantities.forEach(q -> row.add(Numbers.decimal(level.measured().get(q), 3)));
            row.add(
                    level.generator() == null
                            ? Numbers.ABSENT
                            : Numbers.decimal(level.generator().cpuPercentOfShare(), 0));
            row.add(
                    level.generator() == null
                            ? Numbers.ABSENT
                            : level.generator().bound() ? "yes" : "no");
            rows.add(row);
        }
        return new Table("What each level measured", shape.caption(), header, rows);
    }

    private static Table perOp(String title, String unit, List<LevelResult> levels, Function<OpStats, String> cell) {
        List<String> header = new ArrayList<>(List.of("level"));
        for (Op op : Op.values()) {
            header.add(op.jsonName());
        }
        List<List<String>> rows = new ArrayList<>();
        for (LevelResult level : levels) {
            List<String> row = new ArrayList<>(List.of(level.label()));
            for (Op op : Op.values()) {
                OpStats stats = level.ops().get(op.jsonName());
                row.add(
                        stats == null
                                ? Numbers.ABSENT
                                : stats.count() > 0 && stats.errors() == stats.count()
                                        ? "all failed"
                                        : cell.apply(stats));
            }
            rows.add(row);
        }
        return new Table(title, unit, header, rows);
    }
}
