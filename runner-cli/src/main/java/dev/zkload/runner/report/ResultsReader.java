package dev.zkload.runner.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a results folder written by the ramp. Only {@code run.json} is required: a run that is still
 * going or was killed has no {@code summary.json}, may end {@code steps.jsonl} with half a line and
 * may have steps without benchmark results; each such gap becomes a note in the report rather than a
 * failure, so a report can always be made from what was saved.
 */
final class ResultsReader {
    static final String RUN = "run.json";
    static final String STEPS = "steps.jsonl";
    static final String METRICS = "server-metrics.csv";
    static final String SUMMARY = "summary.json";

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private ResultsReader() {
    }

    static ResultsFolder read(Path dir) throws IOException {
        Path runFile = dir.resolve(RUN);
        if (!Files.isRegularFile(runFile)) {
            throw new NoSuchFileException(runFile.toString(), null, "no run.json: not a zkload results folder");
        }
        List<String> notes = new ArrayList<>();
        RunInfo run = runInfo(parse(runFile));
        List<StepRecord> steps = steps(dir.resolve(STEPS), notes);
        List<MetricSample> samples = samples(dir.resolve(METRICS), notes);
        Optional<Summary> summary = summary(dir.resolve(SUMMARY), notes);
        return new ResultsFolder(dir, run, steps, samples, summary, notes);
    }

    private static JsonNode parse(Path file) throws IOException {
        try {
            return JSON.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new IOException(file + " is not valid JSON: " + e.getOriginalMessage(), e);
        }
    }

    private static RunInfo runInfo(JsonNode root) {
        List<String> arguments = new ArrayList<>();
        root.path("arguments").forEach(a -> arguments.add(a.asText()));
        JsonNode model = root.path("model");
        Footprint expected = model.hasNonNull("expectedPerDomain")
                ? JSON.convertValue(model.get("expectedPerDomain"), Footprint.class) : null;
        return new RunInfo(text(root, "tool"), text(root, "version"), text(root, "command"), arguments,
                text(root, "startTime"), text(model, "name"), expected, fields(model, "expectedPerDomain"),
                fields(root.path("target"), "servers"), fields(root.path("settings"), null), servers(root.path("target")));
    }

    /** Each server as the preflight found it (version, mode, statistics source), field by field. */
    private static List<Map<String, String>> servers(JsonNode target) {
        List<Map<String, String>> servers = new ArrayList<>();
        target.path("servers").forEach(s -> {
            if (s.isObject()) {
                servers.add(fields(s, null));
            }
        });
        return servers;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    /** Flattens one level of an object into name → display text, in file order; nulls are left out. */
    private static Map<String, String> fields(JsonNode object, String skip) {
        Map<String, String> out = new LinkedHashMap<>();
        object.fields().forEachRemaining(e -> {
            JsonNode v = e.getValue();
            if (!e.getKey().equals(skip) && !v.isNull()) {
                out.put(e.getKey(), v.isValueNode() ? v.asText() : v.toString());
            }
        });
        return out;
    }

    private static List<StepRecord> steps(Path file, List<String> notes) throws IOException {
        List<StepRecord> steps = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            notes.add(STEPS + " is missing: no step has finished.");
            return steps;
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        int last = lines.size();
        while (last > 0 && lines.get(last - 1).isBlank()) {
            last--;
        }
        for (int i = 0; i < last; i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            try {
                steps.add(JSON.readValue(line, StepRecord.class));
            } catch (JsonProcessingException e) {
                notes.add(i == last - 1
                        ? STEPS + " line " + (i + 1) + " is incomplete (the run was probably stopped while writing it) and was skipped."
                        : STEPS + " line " + (i + 1) + " is not a valid step (" + e.getOriginalMessage() + ") and was skipped.");
            }
        }
        steps.sort(Comparator.comparingInt(StepRecord::step));
        for (StepRecord step : steps) {
            if (!step.hasOps()) {
                notes.add("Step " + step.label() + " has no benchmark results: it ended before its benchmark ran.");
            }
            step.ops().entrySet().stream()
                    .filter(e -> e.getValue().errors() != null && e.getValue().errors() > 0)
                    .sorted(Map.Entry.comparingByKey())
                    .forEach(e -> notes.add("Step " + step.label() + ": " + e.getValue().errors() + " of "
                            + Numbers.integer(e.getValue().count()) + " " + e.getKey() + " operations failed."));
        }
        return steps;
    }

    private static List<MetricSample> samples(Path file, List<String> notes) throws IOException {
        List<MetricSample> samples = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            notes.add(METRICS + " is missing: no chart of outstanding requests over time.");
            return samples;
        }
        int[] unusable = new int[1];
        CsvRows.read(file, row -> {
            Long epochMs = number(row.get("epochMs"));
            if (epochMs == null) {
                unusable[0]++;
                return;
            }
            String server = row.get("server");
            String state = row.get("state");
            samples.add(new MetricSample(epochMs, server == null ? "" : server,
                    "true".equalsIgnoreCase(row.get("reachable")), state == null ? "" : state,
                    number(row.get("outstandingRequests"))));
        });
        if (unusable[0] > 0) {
            notes.add(METRICS + ": " + unusable[0] + " row(s) without a valid epochMs were skipped.");
        }
        return samples;
    }

    private static Long number(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Optional<Summary> summary(Path file, List<String> notes) throws IOException {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readValue(file.toFile(), Summary.class));
        } catch (JsonProcessingException e) {
            notes.add(SUMMARY + " could not be read (" + e.getOriginalMessage() + ").");
            return Optional.empty();
        }
    }
}
