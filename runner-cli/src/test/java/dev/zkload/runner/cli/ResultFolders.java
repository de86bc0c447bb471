package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.result.OpStats;
import dev.zkload.runner.result.RunHistograms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/** What the CLI tests do with a results folder a command wrote: copy it, read its logs back. */
final class ResultFolders {
    private ResultFolders() {}

    /** A copy of the folder {@code from} at {@code to}, e.g. to doctor a baseline. */
    static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    /**
     * Each operation's histogram log of a run or step ({@code prefix}, first target) gives exactly the count
     * and the percentiles the run recorded for it while it ran ({@code recorded}: operation → its figures).
     */
    static void logsMatchRecorded(Path dir, String prefix, JsonNode recorded, List<String> ops) throws IOException {
        RunHistograms logs = RunHistograms.read(dir, new ArrayList<>());
        for (String op : ops) {
            Histogram h = logs.of(prefix, 1, op).orElseThrow();
            JsonNode r = recorded.get(op);
            assertThat(h.getTotalCount()).as(op).isEqualTo(r.get("count").asLong());
            assertThat(OpStats.percentileMs(h, 50))
                    .as(op)
                    .isEqualTo(r.get("p50Ms").asDouble());
            assertThat(OpStats.percentileMs(h, 99))
                    .as(op)
                    .isEqualTo(r.get("p99Ms").asDouble());
            assertThat(OpStats.percentileMs(h, 99.9))
                    .as(op)
                    .isEqualTo(r.get("p999Ms").asDouble());
            assertThat(OpStats.maxMs(h)).as(op).isEqualTo(r.get("maxMs").asDouble());
        }
    }
}
