package dev.zkload.jmh.gate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate on a recorded interleaved run: GetBenchmark under jdk17, jdk17-again (the same profile
 * under another name) and xint (jdk17's flags with -Xint: a server several times slower), 3 forks
 * of each, one 200 ms warm-up and three 200 ms iterations, on the project's loaded 2-core machine.
 */
class GateTest {
    @TempDir
    Path dir;

    private Path recorded;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void copyTheRecording() throws Exception {
        recorded = dir.resolve("interleaved.json");
        try (InputStream in = GateTest.class.getResourceAsStream("get-interleaved.json")) {
            Files.copy(in, recorded);
        }
    }

    @Test
    void aProfileAgainstItsIdenticalCopyPasses() {
        int exit = gate(recorded.toString(), "--profiles", "jdk17,jdk17-again", "--paired");
        assertThat(exit).as(err.toString()).isEqualTo(0);
        assertThat(out.toString())
                .contains("Baseline: profile jdk17 of " + recorded + ". Candidate: profile jdk17-again of " + recorded)
                .contains("| op | statistic | forks | baseline | candidate | ratio | 99% interval | decision |")
                .containsPattern(
                        "\\| get \\| p50 \\| 3 / 3 \\| \\d+ us/op \\| \\d+ us/op \\| \\d\\.\\d{3} \\| \\d\\.\\d{3} – \\d+\\.\\d{3} \\| pass")
                .contains("| get | p90 |")
                .contains("| get | p99 |")
                .contains("Verdict: pass. No operation of the 1 compared is slower by more than 1.10 beyond its noise.")
                .doesNotContain("FAIL");
    }

    @Test
    void anInterpretedServerFails() {
        int exit = gate(recorded.toString(), "--profiles", "jdk17,xint", "--paired");
        assertThat(exit).isEqualTo(3);
        assertThat(out.toString())
                .containsPattern("\\| get \\| p50 \\| 3 / 3 \\| .* \\| FAIL: slower \\|")
                .containsPattern(
                        "Verdict: FAIL\\. Slower by more than 1\\.10 beyond the noise: get p50 ×\\d\\.\\d\\d \\(");
    }

    @Test
    void aLimitAboveTheSlowdownPasses() {
        assertThat(gate(recorded.toString(), "--profiles", "jdk17,xint", "--paired", "--max-ratio", "20"))
                .isEqualTo(0);
        assertThat(out.toString())
                .contains("| get | p50 |")
                .contains("pass: slower, under the limit")
                .doesNotContain("FAIL");
    }

    @Test
    void twoFilesAreMatchedByBenchmarkAndProfile() throws Exception {
        Path base = only("jdk17", "base.json");
        Path candidate = only("xint", "new.json");
        assertThat(gate(base.toString(), candidate.toString(), "--profiles", "jdk17,xint"))
                .isEqualTo(3);
        assertThat(out.toString())
                .contains("Baseline: profile jdk17 of " + base + ". Candidate: profile xint of " + candidate)
                .contains("bootstrap over forks and their iterations)");

        assertThat(gate(base.toString(), candidate.toString())).isEqualTo(2);
        assertThat(err.toString().strip())
                .isEqualTo("jmh-gate: no benchmark is in both " + base + " and " + candidate
                        + ", so there is nothing to compare");
    }

    @Test
    void aFileWithTwoProfilesNeedsNoNames() throws Exception {
        Path two = only("jdk17|jdk17-again", "two.json");
        assertThat(gate(two.toString(), "--paired")).isEqualTo(0);
        assertThat(out.toString()).contains("Baseline: profile jdk17 of " + two + ". Candidate: profile jdk17-again");
    }

    @Test
    void badInputIsOneSentenceAndExitTwo() throws Exception {
        Path missing = dir.resolve("missing.json");
        assertThat(refused(missing.toString())).isEqualTo("jmh-gate: " + missing + " does not exist");

        Path text = Files.writeString(dir.resolve("text.json"), "Benchmark  Mode  Cnt  Score\n");
        assertThat(refused(text.toString())).startsWith("jmh-gate: " + text + " is not JSON (");

        Path object = Files.writeString(dir.resolve("object.json"), "{\"benchmark\": \"x\"}");
        assertThat(refused(object.toString()))
                .isEqualTo("jmh-gate: " + object
                        + " is not a JMH result (expected the array of benchmarks that -rf json writes)");

        assertThat(refused(recorded.toString()))
                .isEqualTo("jmh-gate: " + recorded + " holds profiles jdk17, jdk17-again, xint; give the baseline's and"
                        + " the candidate's with --profiles BASE,CANDIDATE, or give two files");

        assertThat(refused(recorded.toString(), "--profiles", "jdk17,jdk25"))
                .isEqualTo("jmh-gate: " + recorded
                        + " has no results for profile jdk25 (it holds jdk17, jdk17-again, xint)");

        assertThat(refused(recorded.toString(), "--profiles", "jdk17,xint", "--max-ratio", "0.9"))
                .isEqualTo("jmh-gate: --max-ratio is a slowdown, 1 or more, not 0.9");

        assertThat(refused(recorded.toString(), "--profiles", "jdk17,xint", "--percentiles", "50,120"))
                .isEqualTo("jmh-gate: --percentiles are above 0 and at most 100, not 120.0");

        assertThat(refused(recorded.toString(), "--max-ratio", "fast"))
                .startsWith("jmh-gate: Invalid value for option '--max-ratio'");
    }

    @Test
    void sidesInDifferentUnitsAreRefused() throws Exception {
        Path base = only("jdk17", "base.json");
        Path millis = Files.writeString(
                dir.resolve("millis.json"),
                Files.readString(only("xint", "new.json")).replace("us/op", "ms/op"));
        assertThat(refused(base.toString(), millis.toString(), "--profiles", "jdk17,xint"))
                .isEqualTo("jmh-gate: get is in us/op in the baseline and in ms/op in the candidate; run both with the"
                        + " same -tu");
    }

    @Test
    void oneForkGivesNoIntervalAndIsRefused() throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        ArrayNode runs = (ArrayNode) mapper.readTree(recorded.toFile());
        for (JsonNode run : runs) {
            ArrayNode forks = (ArrayNode) run.path("primaryMetric").path("rawDataHistogram");
            while (forks.size() > 1) {
                forks.remove(1);
            }
        }
        Path oneFork = dir.resolve("one-fork.json");
        mapper.writeValue(oneFork.toFile(), runs);
        assertThat(refused(oneFork.toString(), "--profiles", "jdk17,xint"))
                .isEqualTo("jmh-gate: get has 1 fork(s) in the baseline and 1 in the candidate; the gate's interval is"
                        + " over forks and needs 2 or more on each side (-f)");
    }

    /** The recording with only the profiles matching {@code regex}. */
    private Path only(String regex, String name) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        ArrayNode runs = (ArrayNode) mapper.readTree(recorded.toFile());
        ArrayNode kept = mapper.createArrayNode();
        for (JsonNode run : runs) {
            if (run.path("params").path("profile").asText().matches(regex)) {
                kept.add(run);
            }
        }
        Path file = dir.resolve(name);
        mapper.writeValue(file.toFile(), kept);
        return file;
    }

    private int gate(String... args) {
        return Gate.commandLine(new PrintWriter(out, true), new PrintWriter(err, true))
                .execute(args);
    }

    private String refused(String... args) {
        StringWriter before = new StringWriter();
        before.write(err.toString());
        int exit = gate(args);
        assertThat(exit).as(out.toString()).isEqualTo(2);
        String message = err.toString().substring(before.toString().length()).strip();
        assertThat(message.lines()).as(message).hasSize(1);
        return message;
    }
}
