package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.result.RampSummary;
import dev.zkload.runner.result.RepeatSummary;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.RunConditions;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StopReason;
import dev.zkload.runner.text.Plural;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How far the answers of one ramp run several times on the same target lie apart. Only a run that
 * saturated and judged some count stable has a capacity for an answer; a run that reached its target, was
 * disturbed or ended otherwise is listed but left out of the spread, and the sentence says so.
 */
public final class Repeats {
    private Repeats() {}

    /**
     * The runs' answers side by side, and their spread.
     *
     * @param folders   each run's folder name, in order
     * @param summaries each run's summary, in the same order
     * @param baselines each run's baseline step, in the same order; an element is null when the run has none
     * @param step        the grid's {@code --step}: the width of an answer that was not refined
     * @param yourDomains what the domains are when a model file gives them, as a single run's verdict names
     *                    them ("model file shop.yaml: 80% like orders, 20% like reports"); null for a built-in model
     */
    public static RepeatSummary summarize(
            List<String> folders,
            List<RampSummary> summaries,
            List<StepResult> baselines,
            int step,
            String yourDomains) {
        List<RepeatSummary.Run> runs = new ArrayList<>();
        List<Integer> answers = new ArrayList<>();
        int width = 0;
        for (int i = 0; i < summaries.size(); i++) {
            RampSummary s = summaries.get(i);
            runs.add(new RepeatSummary.Run(
                    folders.get(i),
                    s.maxStableDomains(),
                    s.stopReason(),
                    s.verdict(),
                    RunConditions.of(s, baselines.get(i))));
            if (s.stopReason() == StopReason.SATURATED && s.maxStableDomains() != null) {
                answers.add(s.maxStableDomains());
                int asked = s.refinement() == null ? step : s.refinement().widthDomains();
                // an unfinished refinement, or a last step clamped to --domains, leaves another interval
                int found = s.saturatedAtDomains() == null ? asked : s.saturatedAtDomains() - s.maxStableDomains();
                width = Math.max(width, Math.max(asked, found));
            }
        }
        int resolution = width == 0 ? step : width;
        String listed = String.join(
                ", ",
                runs.stream()
                        .map(r -> r.maxStableDomains() == null ? "none" : Integer.toString(r.maxStableDomains()))
                        .toList());
        // the counts in the file's words, as each run's verdict gives them, where there is a count to name
        boolean counted = runs.stream().anyMatch(r -> r.maxStableDomains() != null);
        String yours = yourDomains == null || !counted ? "" : " of your domains (" + yourDomains + ")";
        String head = runs.size() + " runs, max stable domains " + listed + yours;
        List<String> out = runs.stream()
                .filter(r -> r.stopReason() != StopReason.SATURATED || r.maxStableDomains() == null)
                .map(r -> r.folder() + " ("
                        + (r.stopReason() == null ? "unknown" : r.stopReason().json()) + ")")
                .toList();
        String left = out.isEmpty()
                ? ""
                : "; not in the spread, without a saturation after a stable step: " + String.join(", ", out);
        if (answers.isEmpty()) {
            return new RepeatSummary(
                    ResultFiles.SCHEMA_VERSION,
                    runs,
                    0,
                    null,
                    null,
                    null,
                    null,
                    null,
                    resolution,
                    null,
                    head + left + ": no run measured a capacity.");
        }
        List<Integer> sorted = answers.stream().sorted().toList();
        int min = sorted.get(0);
        int max = sorted.get(sorted.size() - 1);
        int n = sorted.size();
        double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2.0;
        int spread = max - min;
        double percent = median == 0 ? 0 : Math.round(1000.0 * spread / median) / 10.0;
        Boolean within = n < 2 ? null : spread <= resolution;
        String verdict = head
                + left
                + (n < 2
                        ? ": one answer, no spread to measure."
                        : String.format(
                                Locale.ROOT,
                                ": spread %s (%.1f%% of the median %s), %s one resolution (%s).",
                                Plural.domains(spread),
                                percent,
                                median == Math.rint(median) ? Long.toString((long) median) : Double.toString(median),
                                within ? "within" : "wider than",
                                Plural.domains(resolution)));
        return new RepeatSummary(
                ResultFiles.SCHEMA_VERSION, runs, n, min, max, median, spread, percent, resolution, within, verdict);
    }
}
