package dev.zkload.jmh.gate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.WorkloadParams;

/**
 * The forks of an interleaved run, gathered per benchmark and parameters (profile) in the order they
 * ran, and written as one JMH JSON result: what JMH itself would have written had it run all of a
 * profile's forks in a row, with {@code forks} counting them and the score and percentiles over all.
 */
final class Forks {
    private final Map<String, List<BenchmarkResult>> byTrial = new LinkedHashMap<>();

    void add(RunResult trial) {
        byTrial.computeIfAbsent(trial.getParams().id(), k -> new ArrayList<>()).addAll(trial.getBenchmarkResults());
    }

    /** Writes every benchmark and profile so far, replacing the file only once the new one is whole. */
    void write(Path file) throws IOException {
        List<RunResult> merged = new ArrayList<>();
        for (List<BenchmarkResult> forks : byTrial.values()) {
            merged.add(new RunResult(counting(forks.get(0).getParams(), forks.size()), forks));
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        ResultFormatFactory.getInstance(ResultFormatType.JSON, tmp.toString()).writeOut(merged);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** A fork's parameters with the run's fork count: JMH's JSON takes "forks" from them. */
    private static BenchmarkParams counting(BenchmarkParams p, int forks) {
        WorkloadParams workload = new WorkloadParams();
        int order = 0;
        for (String key : p.getParamsKeys()) {
            workload.put(key, p.getParam(key), order++);
        }
        return new BenchmarkParams(
                p.getBenchmark(),
                p.generatedBenchmark(),
                p.shouldSynchIterations(),
                p.getThreads(),
                p.getThreadGroups(),
                p.getThreadGroupLabels(),
                forks,
                p.getWarmupForks(),
                p.getWarmup(),
                p.getMeasurement(),
                p.getMode(),
                workload,
                p.getTimeUnit(),
                p.getOpsPerInvocation(),
                p.getJvm(),
                p.getJvmArgs(),
                p.getJdkVersion(),
                p.getVmName(),
                p.getVmVersion(),
                p.getJmhVersion(),
                p.getTimeout());
    }
}
