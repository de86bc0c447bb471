package dev.zkload.jmh.gate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the JSON JMH writes with {@code -rf json}: per benchmark, its parameters, mode and unit and,
 * per fork and measurement iteration, the raw data ({@code rawDataHistogram} in sample mode,
 * {@code rawData} otherwise). What is not such a file is one sentence, thrown as {@link BadInput}.
 */
final class JmhJson {
    private JmhJson() {}

    /** A result file that cannot be read as JMH JSON, said in one sentence naming the file. */
    static final class BadInput extends Exception {
        BadInput(String sentence) {
            super(sentence);
        }
    }

    static List<Measurement> read(Path file) throws BadInput {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new BadInput(file + " does not exist");
        } catch (JsonProcessingException e) {
            throw new BadInput(file + " is not JSON (" + e.getOriginalMessage() + ")");
        } catch (IOException e) {
            throw new BadInput("cannot read " + file + ": " + e.getMessage());
        }
        if (root == null || !root.isArray() || root.isEmpty()) {
            throw new BadInput(file + " is not a JMH result (expected the array of benchmarks that -rf json writes)");
        }
        List<Measurement> measurements = new ArrayList<>();
        for (JsonNode run : root) {
            measurements.add(measurement(file, run));
        }
        return measurements;
    }

    private static Measurement measurement(Path file, JsonNode run) throws BadInput {
        String benchmark = run.path("benchmark").asText("");
        String mode = run.path("mode").asText("");
        JsonNode metric = run.path("primaryMetric");
        if (benchmark.isEmpty() || mode.isEmpty() || !metric.isObject()) {
            throw new BadInput(file + " is not a JMH result (an entry has no benchmark, mode or primaryMetric)");
        }
        Map<String, String> params = new LinkedHashMap<>();
        run.path("params")
                .properties()
                .forEach(e -> params.put(e.getKey(), e.getValue().asText()));
        List<List<Iteration>> forks = new ArrayList<>();
        if (mode.equals("sample")) {
            for (JsonNode fork : raw(file, benchmark, metric, "rawDataHistogram")) {
                List<Iteration> iterations = new ArrayList<>();
                for (JsonNode iteration : fork) {
                    iterations.add(histogram(iteration));
                }
                forks.add(iterations);
            }
        } else {
            for (JsonNode fork : raw(file, benchmark, metric, "rawData")) {
                List<Iteration> iterations = new ArrayList<>();
                fork.forEach(score -> iterations.add(Iteration.scored(score.asDouble())));
                forks.add(iterations);
            }
        }
        return new Measurement(benchmark, params, mode, metric.path("scoreUnit").asText(""), forks);
    }

    private static JsonNode raw(Path file, String benchmark, JsonNode metric, String field) throws BadInput {
        JsonNode raw = metric.path(field);
        if (!raw.isArray() || raw.isEmpty() || !raw.get(0).isArray()) {
            throw new BadInput(file + " has no " + field + " for " + benchmark
                    + " (JMH writes it per fork and iteration with -rf json)");
        }
        return raw;
    }

    private static Iteration histogram(JsonNode iteration) {
        List<double[]> pairs = new ArrayList<>();
        iteration.forEach(pair ->
                pairs.add(new double[] {pair.path(0).asDouble(), pair.path(1).asDouble()}));
        pairs.sort(Comparator.comparingDouble(p -> p[0]));
        double[] values = pairs.stream().mapToDouble(p -> p[0]).toArray();
        long[] counts = pairs.stream().mapToLong(p -> (long) p[1]).toArray();
        return Iteration.sampled(values, counts);
    }
}
