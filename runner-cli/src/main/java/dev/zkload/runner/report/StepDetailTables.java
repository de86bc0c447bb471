package dev.zkload.runner.report;

import dev.zkload.runner.result.MetricSample;
import dev.zkload.runner.result.StepFleetData;
import dev.zkload.runner.result.StepResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * What happened beside the leader at each step: the simulated sessions' events and failed calls, and every
 * server's role and queue from the 1 Hz samples (followers too: a follower that falls behind shows here
 * before the leader does).
 */
final class StepDetailTables {
    private StepDetailTables() {}

    static Table sessions(List<StepResult> steps) {
        List<String> header = List.of(
                "Step",
                "Sessions connected",
                "Disconnected",
                "Reconnected",
                "Expired",
                "Failed ZooKeeper calls",
                "Runs completed",
                "Runs failed");
        List<List<String>> rows = new ArrayList<>();
        for (StepResult s : steps) {
            StepFleetData f = s.fleet();
            if (f == null) {
                continue;
            }
            rows.add(List.of(
                    StepLabels.label(s),
                    Long.toString(f.sessionsConnected()),
                    event(f, "disconnected"),
                    event(f, "reconnected"),
                    Long.toString(f.expired()),
                    Long.toString(f.operationErrors()),
                    Long.toString(f.runsCompleted()),
                    Long.toString(f.runsFailed())));
        }
        return new Table(
                "Simulated sessions per step",
                "Counted on the client side during each step: a fault shows here even when the servers' counters"
                        + " look calm.",
                header,
                rows);
    }

    private static String event(StepFleetData f, String kind) {
        return Long.toString(f.sessionEvents().getOrDefault(kind, 0L));
    }

    /** Every server at every step, from server-metrics.csv: its role, how often it answered, its queue. */
    static Table servers(List<StepResult> steps, List<MetricSample> samples) {
        List<String> header = List.of(
                "Step",
                "Server",
                "Role",
                "Answered (% of samples)",
                "Outstanding avg",
                "Outstanding max",
                "Connections",
                "Watches",
                "Avg latency (ms)");
        List<List<String>> rows = new ArrayList<>();
        for (StepResult s : steps) {
            if (s.startTime() == null || s.endTime() == null) {
                continue;
            }
            long from = s.startTime().toEpochMilli();
            long to = s.endTime().toEpochMilli();
            Map<String, List<MetricSample>> byServer = new TreeMap<>();
            samples.stream()
                    .filter(m -> m.epochMs() >= from && m.epochMs() <= to)
                    .forEach(m -> byServer.computeIfAbsent(m.server(), k -> new ArrayList<>())
                            .add(m));
            byServer.forEach((server, list) -> rows.add(row(s, server, list)));
        }
        return new Table(
                "Every server per step",
                "From the 1 Hz samples in server-metrics.csv over each whole step (registration, settling and"
                        + " measuring); the role is the one most samples saw. Connections and watches are each"
                        + " server's own (its clients' sessions and their watches) at the step's last sample; the"
                        + " latency is the server's own average request latency (mntr), averaged over the step.",
                header,
                rows);
    }

    private static List<String> row(StepResult step, String server, List<MetricSample> list) {
        Predicate<MetricSample> answered = MetricSample::reachable;
        List<MetricSample> up = list.stream().filter(answered).toList();
        Map<String, Long> roles = new TreeMap<>();
        up.forEach(m -> roles.merge(m.state() == null ? Numbers.ABSENT : m.state(), 1L, Long::sum));
        String role = roles.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey)
                .orElse("unreachable");
        List<Long> queue = up.stream()
                .map(MetricSample::outstanding)
                .filter(o -> o != null)
                .toList();
        Double avg = queue.isEmpty()
                ? null
                : queue.stream().mapToLong(Long::longValue).average().orElse(0);
        Long max = queue.stream().max(Long::compare).orElse(null);
        MetricSample last = up.isEmpty() ? null : up.get(up.size() - 1);
        OptionalDouble mean = up.stream()
                .map(MetricSample::avgLatencyMs)
                .filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue)
                .average();
        Double latency = mean.isPresent() ? mean.getAsDouble() : null;
        return List.of(
                StepLabels.label(step),
                server,
                role,
                Numbers.decimal(100.0 * up.size() / list.size(), 0),
                Numbers.decimal(avg, 1),
                Numbers.integer(max),
                Numbers.integer(last == null ? null : last.connections()),
                Numbers.integer(last == null ? null : last.watches()),
                Numbers.decimal(latency, 2));
    }
}
