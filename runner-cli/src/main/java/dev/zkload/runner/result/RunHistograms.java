package dev.zkload.runner.result;

import dev.zkload.bench.result.HistogramLogs;
import dev.zkload.bench.result.OpStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/**
 * The HdrHistogram logs of a results folder ({@code latency/*.hlog}), read back: for each run or step
 * (the file's prefix: {@code latency}, {@code step-03}) and target (numbered from 1 in the order
 * measured), the latency histogram of each operation, in microseconds. Every percentile a report or a
 * threshold shows is computed from these, so any can be asked for after the run, and shards' logs
 * add up exactly.
 */
public final class RunHistograms {
    /** prefix → target number → log. */
    private final Map<String, Map<Integer, Log>> logs;

    /**
     * One log file.
     *
     * @param file   where it is
     * @param target the target as the file name writes it (host:port with ':' as '_')
     * @param ops    operation name → histogram of microseconds
     */
    public record Log(Path file, String target, Map<String, Histogram> ops) {}

    private RunHistograms(Map<String, Map<Integer, Log>> logs) {
        this.logs = logs;
    }

    public static final RunHistograms NONE = new RunHistograms(Map.of());

    /**
     * Reads every log of the folder; a log that cannot be read becomes a note, not a failure.
     */
    public static RunHistograms read(Path dir, List<String> notes) throws IOException {
        Path folder = dir.resolve(ResultFiles.HISTOGRAMS);
        if (!Files.isDirectory(folder)) {
            return NONE;
        }
        Map<String, Map<Integer, Log>> logs = new TreeMap<>();
        List<Path> files;
        try (Stream<Path> list = Files.list(folder)) {
            files = list.sorted().toList();
        }
        for (Path file : files) {
            Optional<HistogramLogs.Name> name =
                    HistogramLogs.parseName(file.getFileName().toString());
            if (name.isEmpty()) {
                continue;
            }
            try {
                Map<String, Histogram> ops = HistogramLogs.read(file);
                logs.computeIfAbsent(name.get().prefix(), k -> new TreeMap<>())
                        .put(name.get().target(), new Log(file, name.get().targetName(), ops));
            } catch (IOException | RuntimeException e) {
                // HdrHistogram reports a damaged log unchecked (a killed writer's last line)
                notes.add(ResultFiles.HISTOGRAMS + "/" + file.getFileName() + " could not be read (" + e.getMessage()
                        + "): its percentiles are the ones " + ResultFiles.STEPS + " recorded.");
            }
        }
        return new RunHistograms(Collections.unmodifiableMap(logs));
    }

    /**
     * The operations of target {@code target} (from 1) of a run or step as the run recorded them, each with its
     * histogram from these logs, in the recorded order.
     */
    public Map<String, OpLatency> ops(String prefix, int target, Map<String, OpStats> recorded) {
        Map<String, OpLatency> ops = new LinkedHashMap<>();
        recorded.forEach((op, stats) ->
                ops.put(op, new OpLatency(op, stats, of(prefix, target, op).orElse(null))));
        return ops;
    }

    /** The histogram of {@code op} on target {@code target} (from 1) of a run or step. */
    public Optional<Histogram> of(String prefix, int target, String op) {
        return log(prefix, target).map(l -> l.ops().get(op));
    }

    public Optional<Log> log(String prefix, int target) {
        return Optional.ofNullable(logs.getOrDefault(prefix, Map.of()).get(target));
    }

    /** The target numbers of a run or step that have a log, in order. */
    public List<Integer> targets(String prefix) {
        return new ArrayList<>(logs.getOrDefault(prefix, Map.of()).keySet());
    }

    /** Every prefix with logs ({@code step-00}, …), in order. */
    public List<String> prefixes() {
        return new ArrayList<>(logs.keySet());
    }

    public boolean isEmpty() {
        return logs.isEmpty();
    }
}
