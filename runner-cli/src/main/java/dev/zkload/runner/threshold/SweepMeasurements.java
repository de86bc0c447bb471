package dev.zkload.runner.threshold;

import dev.zkload.runner.result.LevelResult;
import dev.zkload.runner.result.OpLatency;
import dev.zkload.runner.result.SweepSummary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An experiment's answers, read from its levels as {@code levels.jsonl} recorded them: the benchmark's
 * operations, the quantities each level measured, the runner's health, and {@code max-rate}'s answer.
 * A level at which the runner was the bottleneck observed only the runner; a quantity a level could not
 * observe (no statistics, a remote ensemble's files) is not observed, with the level's own notes.
 */
public final class SweepMeasurements implements Measurements {
    private final SweepSummary summary;
    private final List<LevelResult> levels;
    private final String levelName;
    private final Map<String, ?> settings;

    /**
     * @param levels   every level the run recorded, in the order measured (a level cut short by Ctrl-C too)
     * @param catalog  the experiment's, which names what a level counts ({@code 100k znodes})
     * @param settings the run's settings as run.json records them ({@code max-rate}'s {@code mix} weights)
     */
    public SweepMeasurements(SweepSummary summary, List<LevelResult> levels, Catalog catalog, Map<String, ?> settings) {
        this.summary = summary;
        this.levels = List.copyOf(levels);
        this.levelName = catalog.levelName();
        this.settings = settings;
    }

    @Override
    public List<Measurement> of(Threshold t) {
        if (t.metric().aggregate() == Metric.Aggregate.RUN) {
            return List.of(maxRate(t.argument()));
        }
        List<Measurement> out = new ArrayList<>();
        for (LevelResult level : levels) {
            if (t.level() == null || t.level() == level.value()) {
                out.addAll(at(level, t));
            }
        }
        if (out.isEmpty() && t.level() != null) {
            return List.of(Measurement.notObserved(
                    t.level() + " " + levelName, "the run ended before this level was measured"));
        }
        return out;
    }

    private List<Measurement> at(LevelResult level, Threshold t) {
        String where = level.label() + " " + levelName;
        if (level.interrupted()) {
            return List.of(Measurement.notObserved(where, "the level was cut short by Ctrl-C"));
        }
        Metric metric = t.metric();
        if (metric.source() == Metric.Source.GENERATOR) {
            return level.generator() == null
                    ? List.of(Measurement.notObserved(where, "the runner's health was not recorded"))
                    : List.of(Measurement.exact(level.generator().cpuPercentOfShare() / 100, where));
        }
        if (level.generator() != null && level.generator().bound()) {
            return List.of(Measurement.notObserved(
                    where,
                    "the runner itself was the bottleneck ("
                            + String.join(", ", level.generator().reasons()) + ")"));
        }
        if (metric.source() == Metric.Source.BENCHMARK && !metric.arguments().isEmpty()) {
            Map<String, OpLatency> ops = new LinkedHashMap<>();
            level.ops().forEach((op, stats) -> ops.put(op, new OpLatency(op, stats, null)));
            return OpValues.perOp(ops, t, where, " at this level");
        }
        Double value = metric.name().equals("notifications-missed")
                ? missed(level)
                : level.measured().get(metric.recordedAs());
        if (value == null) {
            return List.of(Measurement.notObserved(
                    where,
                    level.notes().isEmpty()
                            ? "the level did not record it"
                            : "the level did not record it (" + String.join(" ", level.notes()) + ")"));
        }
        // figures recorded in milliseconds are durations already in the metric's base unit
        return List.of(Measurement.exact(value, where));
    }

    private static Double missed(LevelResult level) {
        Double expected = level.measured().get("notificationsExpected");
        Double received = level.measured().get("notificationsReceived");
        return expected == null || received == null ? null : Math.max(0, expected - received);
    }

    /**
     * {@code max-rate}'s answer: the highest rate that held, and below the lowest higher rate that did not.
     * When that rate failed only because the runner could not drive it, or no higher rate was tried, the
     * answer is a lower bound; when no rate held, it lies below the lowest rate tried.
     */
    private Measurement maxRate(String op) {
        Measurement all = maxRate();
        if (op == null || !all.observed()) {
            return all;
        }
        // an operation's own rate within the mix: its weight's share of every rate
        Map<?, ?> mix = settings.get("mix") instanceof Map<?, ?> m ? m : Map.of();
        double total = mix.values().stream()
                .mapToDouble(w -> ((Number) w).doubleValue())
                .sum();
        if (!(mix.get(op) instanceof Number weight) || total <= 0) {
            return Measurement.notObserved(null, "the run's mix " + mix.keySet() + " has no " + op);
        }
        double share = weight.doubleValue() / total;
        return new Measurement(all.low() * share, all.high() * share, null, all.reason());
    }

    private Measurement maxRate() {
        Double answer = summary.answer().get("maxRate");
        List<LevelResult> tried = levels.stream().filter(l -> !l.interrupted()).toList();
        double floor = answer == null ? 0 : answer;
        LevelResult ceiling = tried.stream()
                .filter(l -> l.value() > floor
                        && !Double.valueOf(1.0).equals(l.measured().get("passed")))
                .min(Comparator.comparingLong(LevelResult::value))
                .orElse(null);
        if (ceiling == null) {
            return answer == null
                    ? Measurement.notObserved(null, "no rate was measured")
                    : Measurement.atLeast(answer, null, "no higher rate was tried that did not hold");
        }
        if (ceiling.generator() != null && ceiling.generator().bound()) {
            String why = "the runner itself was the bottleneck at " + ceiling.value() + "/s";
            return answer == null ? Measurement.notObserved(null, why) : Measurement.atLeast(answer, null, why);
        }
        return new Measurement(
                floor,
                (double) ceiling.value(),
                null,
                answer == null ? "no rate held; the lowest tried was " + ceiling.value() + "/s" : null);
    }
}
