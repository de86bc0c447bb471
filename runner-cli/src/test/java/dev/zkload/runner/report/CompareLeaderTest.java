package dev.zkload.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.zkload.bench.result.ResultJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare} and the report on result folders of three kinds of target, written as the ramp writes them: an
 * embedded ensemble, servers given with {@code --connect} that run on this machine (two observers, and the leader
 * the preflight added), and servers on another machine with no endpoint to read.
 */
class CompareLeaderTest {
    private static final ObjectMapper JSON = ResultJson.compact();
    private static final String LEADER = ResultsFixture.S1;

    /** The fixture's folder, its run.json and every step changed as given. */
    private static Path run(Path tmp, String name, Consumer<ObjectNode> target, Consumer<ObjectNode> step)
            throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name));
        ResultsFixture.write(dir);
        ObjectNode run = (ObjectNode) JSON.readTree(ResultsFixture.runJson());
        target.accept((ObjectNode) run.get("target"));
        Files.writeString(dir.resolve("run.json"), JSON.writeValueAsString(run));
        StringBuilder steps = new StringBuilder();
        for (int s = 0; s <= 3; s++) {
            ObjectNode line = (ObjectNode) JSON.readTree(ResultsFixture.stepJson(s, true));
            ((ObjectNode) line.get("server")).putNull("cpuPercent");
            line.putObject("ensembleEvents").put("leader", LEADER);
            step.accept(line);
            steps.append(JSON.writeValueAsString(line)).append('\n');
        }
        Files.writeString(dir.resolve("steps.jsonl"), steps);
        return dir;
    }

    private static Path embedded(Path tmp) throws IOException {
        return run(tmp, "embedded", t -> {}, s -> ((ObjectNode) s.get("generator"))
                .putObject("serversCpuPercent")
                .put(LEADER, 33.0)
                .put(ResultsFixture.S2, 12.0));
    }

    private static Path connectedHere(Path tmp) throws IOException {
        return run(
                tmp,
                "connected-here",
                t -> {
                    t.put("embedded", false);
                    t.put("connectString", ResultsFixture.S2 + "," + ResultsFixture.S3);
                    t.set(
                            "servers",
                            JSON.valueToTree(List.of(
                                    server(ResultsFixture.S2, "observer"),
                                    server(ResultsFixture.S3, "observer"),
                                    server(LEADER, "leader"))));
                    t.putObject("added").put(LEADER, "the leader, which --connect does not name: found in …");
                },
                s -> {
                    ((ObjectNode) s.get("generator")).putObject("serversCpuPercent");
                    ObjectNode servers = s.putObject("resources").putObject("servers");
                    servers.putObject(LEADER).put("role", "leader").put("cpuCores", 0.62);
                    servers.putObject(ResultsFixture.S2).put("role", "observer").put("cpuCores", 0.2);
                });
    }

    private static Path remote(Path tmp) throws IOException {
        return run(tmp, "remote", t -> t.put("embedded", false), s -> ((ObjectNode) s.get("generator"))
                .putObject("serversCpuPercent"));
    }

    private static java.util.Map<String, String> server(String name, String mode) {
        return java.util.Map.of("server", name, "version", "3.9.5", "mode", mode, "metrics", "4lw");
    }

    @Test
    void theLeadersCpuIsComparedWhereverAStepRecordedItAndNaOnlyWhereNoneDid(@TempDir Path tmp) throws IOException {
        CompareWriter.Result result =
                CompareWriter.write(List.of(embedded(tmp), connectedHere(tmp), remote(tmp)), tmp.resolve("out"), null);
        String md = Files.readString(result.markdown());

        MarkdownTables servers = MarkdownTables.under(md, "## Server data per step");
        List<String> cpu = servers.rows().stream()
                .filter(r ->
                        r.get(0).equals("leader CPU (% of a core)") && r.get(1).equals("200 domains"))
                .findFirst()
                .orElseThrow();
        assertThat(cpu.get(servers.header().indexOf("embedded")))
                .as("the embedded servers' CPU the runner recorded")
                .isEqualTo("33");
        assertThat(cpu.get(servers.header().indexOf("connected-here")))
                .as("the leader's process, read on this machine")
                .isEqualTo("62");
        assertThat(cpu.get(servers.header().indexOf("remote"))).isEqualTo("n/a");
        assertThat(md)
                .contains("n/a where no figure of the leader's process was recorded")
                .doesNotContain("n/a where the servers are remote");
    }

    @Test
    void theRolesOfTheServersDifferAsTheirRunsFoundThem(@TempDir Path tmp) throws IOException {
        CompareWriter.Result result =
                CompareWriter.write(List.of(embedded(tmp), connectedHere(tmp)), tmp.resolve("out"), null);
        MarkdownTables settings = MarkdownTables.under(Files.readString(result.markdown()), "## Settings that differ");

        assertThat(settings.cell("server roles", "embedded")).isEqualTo("leader, follower");
        assertThat(settings.cell("server roles", "connected-here")).isEqualTo("2 observers, leader (added)");
    }

    @Test
    void theReportNamesObserversAndTheAddedLeaderAndItsCpu(@TempDir Path tmp) throws IOException {
        Path dir = connectedHere(tmp);
        String md = Files.readString(ReportWriter.write(dir).markdown());

        MarkdownTables table = MarkdownTables.under(md, "### Servers");
        assertThat(table.cell(ResultsFixture.S2, "Mode")).isEqualTo("observer");
        assertThat(table.cell(LEADER, "Mode")).isEqualTo("leader (added: not in --connect)");
        assertThat(md).contains("Added: a server --connect does not name");
        assertThat(MarkdownTables.under(md, "## Server data per step").cell("load-2", "Leader CPU (%)"))
                .isEqualTo("62");
    }
}
