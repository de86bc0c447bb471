package dev.zkload.runner.report;

import dev.zkload.bench.result.ResultJson;
import dev.zkload.runner.result.RepeatSummary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code repeat.json} and {@code repeat.md}: the runs of {@code --repeat N} and how far their answers lie apart. */
public final class RepeatReport {
    public static final String JSON = "repeat.json";
    public static final String MARKDOWN = "repeat.md";

    private RepeatReport() {}

    public static void write(Path dir, RepeatSummary r) {
        List<String> md = new ArrayList<>();
        md.add("# Repeatability");
        md.add("");
        md.add("**" + r.verdict() + "**");
        md.add("");
        md.add(
                "Beside each answer, what tells two runs' conditions apart: the resource it was limited by, the most of the"
                        + " machine's cores that other processes took in a load step (host noise), and how fast the empty"
                        + " ensemble wrote (creates per second, one at a time) and fsynced when the run began.");
        md.add("");
        md.add(
                "| run | max stable domains | stop | limited by | host noise | baseline creates/s | baseline fsync (ms) |"
                        + " verdict |");
        md.add("|---|---|---|---|---|---|---|---|");
        for (RepeatSummary.Run run : r.runs()) {
            md.add("| [" + run.folder() + "](" + run.folder() + "/report.md) | "
                    + (run.maxStableDomains() == null ? "none" : run.maxStableDomains()) + " | "
                    + (run.stopReason() == null ? "" : run.stopReason().json()) + " | "
                    + (run.conditions().limitedBy() == null
                            ? Numbers.ABSENT
                            : run.conditions().limitedBy()) + " | "
                    + (run.conditions().hostNoisePercent() == null
                            ? Numbers.ABSENT
                            : Numbers.decimal(run.conditions().hostNoisePercent(), 0) + "%")
                    + " | " + Numbers.decimal(run.conditions().baselineCreatesPerSec(), 0) + " | "
                    + Numbers.decimal(run.conditions().baselineFsyncMs(), 2) + " | "
                    + (run.verdict() == null ? "" : run.verdict().replace("|", "\\|")) + " |");
        }
        try {
            ResultJson.pretty().writeValue(dir.resolve(JSON).toFile(), r);
            Files.write(dir.resolve(MARKDOWN), md);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the repeat's summary into " + dir + ": " + e.getMessage(), e);
        }
    }
}
