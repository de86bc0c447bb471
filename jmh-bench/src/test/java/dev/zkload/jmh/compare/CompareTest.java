package dev.zkload.jmh.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareTest {

    /** A real JMH result: GetBenchmark under jdk25, 1 s smoke iteration on the project machine. */
    private static Path recorded(Path dir) throws Exception {
        Path file = dir.resolve("get-jdk25.json");
        try (var in = CompareTest.class.getResourceAsStream("get-jdk25.json")) {
            Files.copy(in, file);
        }
        return file;
    }

    @Test
    void readsPercentilesOfARealJmhResult(@TempDir Path dir) throws Exception {
        List<Compare.Row> rows = Compare.read(recorded(dir));
        assertThat(rows).hasSize(1);
        Compare.Row r = rows.get(0);
        assertThat(r.op()).isEqualTo("get");
        assertThat(r.profile()).isEqualTo("jdk25");
        assertThat(r.unit()).isEqualTo("us/op");
        assertThat(r.p50()).isCloseTo(692.224, org.assertj.core.api.Assertions.within(0.001));
        assertThat(r.p99()).isGreaterThan(r.p50());
    }

    @Test
    void printsRatiosToTheFirstProfileOfTheFirstFile(@TempDir Path dir) throws Exception {
        Path base = recorded(dir);
        // a second file whose latencies are exactly twice the first's
        String doubled = Files.readString(base).replace("\"jdk25\"", "\"jdk17\"");
        Compare.Row r = Compare.read(base).get(0);
        doubled = doubled.replace("\"50.0\" : " + fmt(r.p50()), "\"50.0\" : " + fmt(2 * r.p50()))
                .replace("\"99.0\" : " + fmt(r.p99()), "\"99.0\" : " + fmt(2 * r.p99()));
        Path other = Files.writeString(dir.resolve("other.json"), doubled);
        List<Compare.Row> rows = new ArrayList<>(Compare.read(base));
        rows.addAll(Compare.read(other));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Compare.print(rows, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String table = bytes.toString(StandardCharsets.UTF_8);
        assertThat(table)
                .contains("Baseline: profile jdk25 in get-jdk25.json")
                .contains("| op | profile | file | p50 | p99 | p50 / base | p99 / base |")
                .contains("| get | jdk25 | get-jdk25.json |")
                .contains("| 1.00 | 1.00 |")
                .contains("| get | jdk17 | other.json |")
                .contains("| 2.00 | 2.00 |");
    }

    private static String fmt(double v) {
        String s = Double.toString(v);
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }
}
