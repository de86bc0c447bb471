package dev.zkload.jmh.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code compare}: reads two or more JMH JSON result files ({@code -rf json}) of the zkload
 * benchmarks and prints, per operation and profile, p50 and p99 and their ratio to the baseline
 * (the first profile of the first file) as a Markdown table. A ratio above 1 is slower.
 *
 * <p>Run: {@code java -cp jmh-bench/target/benchmarks.jar dev.zkload.jmh.compare.Compare base.json other.json}
 */
public final class Compare {
    private Compare() {}

    /** One benchmark × profile row of a result file. */
    record Row(String source, String op, String profile, double p50, double p99, String unit) {}

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: Compare RESULT.json [RESULT.json ...] (JMH -rf json files)");
            System.exit(2);
        }
        List<Row> rows = new ArrayList<>();
        for (String a : args) {
            rows.addAll(read(Path.of(a)));
        }
        print(rows, System.out);
    }

    static List<Row> read(Path file) throws IOException {
        JsonNode results = new ObjectMapper().readTree(file.toFile());
        if (!results.isArray()) {
            throw new IOException(file + " is not a JMH JSON result file (expected an array)");
        }
        List<Row> rows = new ArrayList<>();
        for (JsonNode r : results) {
            String bench = r.path("benchmark").asText();
            String op = bench.substring(bench.lastIndexOf('.') + 1);
            JsonNode metric = r.path("primaryMetric");
            JsonNode pct = metric.path("scorePercentiles");
            rows.add(new Row(
                    file.getFileName().toString(),
                    op,
                    r.path("params").path("profile").asText("-"),
                    pct.path("50.0").asDouble(Double.NaN),
                    pct.path("99.0").asDouble(Double.NaN),
                    metric.path("scoreUnit").asText()));
        }
        return rows;
    }

    static void print(List<Row> rows, PrintStream out) {
        if (rows.isEmpty()) {
            out.println("(no results)");
            return;
        }
        String baseProfile = rows.get(0).profile();
        String baseSource = rows.get(0).source();
        Map<String, Row> baseline = new LinkedHashMap<>();
        for (Row r : rows) {
            if (r.source().equals(baseSource) && r.profile().equals(baseProfile)) {
                baseline.putIfAbsent(r.op(), r);
            }
        }
        out.printf(
                "Baseline: profile %s in %s. Ratio > 1 means slower than the baseline.%n%n", baseProfile, baseSource);
        out.println("| op | profile | file | p50 | p99 | p50 / base | p99 / base |");
        out.println("|---|---|---|---:|---:|---:|---:|");
        for (String op : rows.stream().map(Row::op).distinct().toList()) {
            Row base = baseline.get(op);
            for (Row r : rows) {
                if (!r.op().equals(op)) {
                    continue;
                }
                out.printf(
                        Locale.ROOT,
                        "| %s | %s | %s | %.1f %s | %.1f %s | %s | %s |%n",
                        op,
                        r.profile(),
                        r.source(),
                        r.p50(),
                        r.unit(),
                        r.p99(),
                        r.unit(),
                        ratio(r.p50(), base == null ? Double.NaN : base.p50()),
                        ratio(r.p99(), base == null ? Double.NaN : base.p99()));
            }
        }
    }

    private static String ratio(double v, double base) {
        return Double.isNaN(v) || Double.isNaN(base) || base == 0
                ? "n/a"
                : String.format(Locale.ROOT, "%.2f", v / base);
    }
}
