package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.it.testing.AttributionCell;
import dev.zkload.it.testing.AttributionCell.Cause;
import dev.zkload.it.testing.AttributionCell.Condition;
import dev.zkload.it.testing.Hogs;
import dev.zkload.it.testing.MatrixEnsembles;
import dev.zkload.it.testing.RunnerProcess;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The attribution matrix: each cause of saturation injected on forked real servers — none (the machine itself),
 * {@code zookeeper.globalOutstandingLimit} on 3.9 and on 3.8, the leader confined to a core other processes keep
 * busy, the leader's fsyncs slowed, the followers' fsyncs slowed (the quorum), a server short of heap — each on
 * this machine as it is and beside a CPU hog (busy loops on every core), and those the disk concerns beside a disk
 * hog as well. The ramp, as its own process, puts one heavy domain on the servers ({@code --connect}, as an SRE's
 * hand-started ensemble) and its verdict is classified ({@link AttributionCell}): <b>right</b> (it names the cause
 * injected), <b>acceptable</b> (nothing named, or this machine where the step's machine was at its limit: the host
 * drowned the cause), or <b>false</b> (a cause that was not there, named or listed beside the limit). No cell may be
 * false.
 *
 * <p>Every {@code verify} runs the slice of cells CI can afford; {@code -Pattribution-matrix} runs every cell
 * {@code zkload.matrix.runs} times (3 by default) and writes the table docs/verdict.md publishes to {@code
 * target/attribution-matrix.md}.
 */
class AttributionMatrixIT {
    private static final Path WORK = Path.of("target", "attribution-matrix").toAbsolutePath();
    private static final Path ROWS = Path.of("target", "attribution-matrix.tsv");
    private static MatrixEnsembles ensembles;
    private static Path model;
    private static final List<AttributionCell.Result> RESULTS = new ArrayList<>();

    @BeforeAll
    static void start() throws IOException {
        Files.createDirectories(WORK);
        model = WORK.resolve("heavy-domain.yaml");
        try (InputStream in = AttributionMatrixIT.class.getResourceAsStream("/heavy-domain.yaml")) {
            Files.copy(in, model, StandardCopyOption.REPLACE_EXISTING);
        }
        ensembles = new MatrixEnsembles(WORK.resolve("ensembles"));
    }

    @AfterAll
    static void stop() throws IOException {
        if (ensembles != null) {
            ensembles.close();
        }
        if (!RESULTS.isEmpty()) {
            String table = AttributionCell.table(RESULTS);
            System.out.println(table);
            Files.writeString(Path.of("target", "attribution-matrix.md"), table, StandardCharsets.UTF_8);
        }
    }

    /**
     * The cells to run: {@code zkload.matrix} {@code ci} (the slice) or {@code full}, each {@code zkload.matrix.runs}
     * times; {@code zkload.matrix.cells} ({@code LEADER_FSYNC/QUIET,NONE/CPU_HOG}) keeps only those named.
     */
    static Stream<AttributionCell> cells() {
        boolean full = "full".equals(System.getProperty("zkload.matrix", "ci"));
        int runs = Integer.getInteger("zkload.matrix.runs", full ? 3 : 1);
        String only = System.getProperty("zkload.matrix.cells", "");
        return (full || !only.isBlank() ? AttributionCell.all() : AttributionCell.ciSlice())
                .stream()
                        .filter(c -> only.isBlank()
                                || List.of(only.split(",", -1)).contains(c.cause() + "/" + c.condition()))
                        .flatMap(c -> Stream.iterate(c.run(1), x -> x.run() <= runs, x -> x.run(x.run() + 1)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cells")
    void theVerdictNeverNamesACauseThatWasNotThere(AttributionCell cell) throws Exception {
        assumeTrue(cell.cause() != Cause.LEADER_CONFINED || canConfine(), "needs 2 cores and taskset");
        assumeTrue(
                !cell.cause().slowsFsync() || ensembles.slowFsync().isPresent(),
                "needs a C compiler to build the slow-fsync library");
        Path out = WORK.resolve(cell.folder());
        removeEarlierRun(out);
        JsonNode summary;
        try (MatrixEnsembles.Injected target = ensembles.inject(cell.cause())) {
            Hogs hog = hog(cell.condition(), target.ensemble());
            try {
                summary = ramp(cell, target.ensemble().connectString(), out);
            } finally {
                hog.close();
            }
        }
        JsonNode step = RunnerProcess.jsonLines(out.resolve("steps.jsonl")).get(1);
        AttributionCell.Result r = cell.judge(summary, step);
        synchronized (RESULTS) {
            RESULTS.add(r);
        }
        Files.writeString(
                ROWS, r.row() + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        assertThat(r.classification())
                .as("%s named %s: %s", cell, r.named(), summary.get("verdict").asText())
                .isNotEqualTo(AttributionCell.Classification.FALSE);
    }

    private static Hogs hog(Condition condition, LocalEnsemble ensemble) throws IOException {
        return switch (condition) {
            case QUIET -> Hogs.cpu(0);
            // busy loops on every core, and one more: other processes take what the runner and servers leave
            case CPU_HOG -> Hogs.cpu(Runtime.getRuntime().availableProcessors() + 1);
            case DISK_HOG -> Hogs.disk(ensemble.dataDir(1).getParent());
        };
    }

    /** The ramp of one heavy domain in one step, as a process, into {@code out}; its summary. */
    private static JsonNode ramp(AttributionCell cell, String connect, Path out) throws Exception {
        List<String> args = new ArrayList<>(List.of(
                "--connect",
                connect,
                "--domains",
                Integer.toString(cell.cause().domains()),
                "--step",
                Integer.toString(cell.cause().domains()),
                "--resolution",
                "0",
                "--model-file",
                model.toString(),
                // the judgement needs the settled load, not the benchmark: a small one, soon over
                "--settle",
                "8s",
                "--sustain",
                "15s",
                "--bench-time",
                "1s",
                "--znode-count",
                "300",
                "--warmup",
                "20",
                "--out",
                out.toString()));
        try (RunnerProcess r =
                RunnerProcess.start(WORK.resolve("logs-" + cell.folder()), args.toArray(String[]::new))) {
            assertThat(r.awaitExit(Timeouts.seconds(300))).as(r.output()).isIn(0, 1);
            return RunnerProcess.json(out.resolve("summary.json"));
        }
    }

    /** What a run of the same cell before this one wrote: the runner refuses a results folder that holds files. */
    private static void removeEarlierRun(Path out) throws IOException {
        if (!Files.exists(out)) {
            return;
        }
        try (Stream<Path> files = Files.walk(out)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static boolean canConfine() {
        return Runtime.getRuntime().availableProcessors() >= 2 && LocalEnsemble.TASKSET.isPresent();
    }
}
