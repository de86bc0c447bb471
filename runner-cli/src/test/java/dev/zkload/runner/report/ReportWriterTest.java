package dev.zkload.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.ops.Op;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest {
    @TempDir
    Path dir;

    ReportFiles files;
    String md;

    @BeforeEach
    void writeReport() throws IOException {
        ResultsFixture.write(dir);
        files = ReportWriter.write(dir);
        md = ResultsFixture.read(files.markdown());
    }

    @Test
    void writesMarkdownHtmlAndThreeChartsBesideTheResults() {
        assertThat(files.markdown()).isEqualTo(dir.resolve("report.md")).isRegularFile();
        assertThat(files.html()).isEqualTo(dir.resolve("report.html")).isRegularFile();
        assertThat(files.charts())
                .containsExactly(
                        dir.resolve("outstanding.png"),
                        dir.resolve("tps-per-step.png"),
                        dir.resolve("p99-per-step.png"));
        assertThat(md)
                .contains(
                        "![TPS per operation per step](tps-per-step.png)",
                        "![Leader outstanding requests over time](outstanding.png)",
                        "(p99-per-step.png)");
    }

    @Test
    void titleAndOutcomeComeFromRunAndSummary() {
        assertThat(md)
                .startsWith("# ZooKeeper capacity: 127.0.0.1:30001,127.0.0.1:30002,127.0.0.1:30003, model saturn-2.1");
        assertThat(md)
                .contains(
                        // good news, not a warning: a bold label, not a bold (red in the HTML) paragraph
                        "**Verdict:** The ensemble saturated at 300 domains; max stable domains: 200.",
                        "- Stop reason: saturated — leader outstanding requests above 300 for 60 s at 300 domains",
                        "- Max stable domains: 200",
                        "- Saturated at domains: 300",
                        "- Saturation observable: yes")
                .doesNotContain("Incomplete run");
        MarkdownTables servers = MarkdownTables.under(md, "### Servers");
        assertThat(servers.cell("127.0.0.1:30001", "Mode")).isEqualTo("leader");
        assertThat(servers.cell("127.0.0.1:30002", "Statistics")).isEqualTo("none");
        assertThat(servers.cell("127.0.0.1:30001", "maxClientCnxns")).isEqualTo("60");
        assertThat(servers.cell("127.0.0.1:30002", "maxClientCnxns")).isEqualTo("unknown");
        MarkdownTables settings = MarkdownTables.under(md, "### Run settings");
        assertThat(settings.cell("ramp.outstandingThreshold", "Value")).isEqualTo("300");
        assertThat(settings.cell("ramp.znodeCount", "Value")).isEqualTo("10000");
        assertThat(settings.cell("target.serverHeap", "Value")).isEqualTo("2g");
        assertThat(settings.cell("model.jobsPerDomain", "Value")).isEqualTo("35");
        assertThat(md.indexOf("### Run settings"))
                .as("the settings follow the outcome")
                .isGreaterThan(md.indexOf("## Outcome"));
    }

    @Test
    void serverTableHasEachStepsNumbersInItsRow() {
        MarkdownTables t = MarkdownTables.under(md, "## Server data per step");
        assertThat(t.firstColumn()).containsExactly("bm-0", "load-1", "load-2", "load-3");
        assertThat(t.cell("load-2", "Domains")).isEqualTo("200");
        assertThat(t.cell("load-2", "Znodes")).isEqualTo(Long.toString(ResultsFixture.znodes(2)));
        assertThat(t.cell("load-3", "Watches")).isEqualTo("1720800");
        assertThat(t.cell("load-3", "Connections")).isEqualTo("1502");
        assertThat(t.cell("load-2", "Outstanding avg")).isEqualTo("14.5");
        assertThat(t.cell("load-2", "Outstanding max")).isEqualTo("82");
        assertThat(t.cell("load-2", "Avg latency since start (ms)")).isEqualTo("1.25");
        assertThat(t.cell("load-2", "Max latency (ms)"))
                .as("the server's largest so far, not the step's own")
                .isEqualTo("≤ 300");
        assertThat(t.cell("load-3", "Max latency (ms)"))
                .as("a new largest, in the step")
                .isEqualTo("300");
        assertThat(t.cell("load-2", "Leader CPU (%)")).isEqualTo("45.5");
        assertThat(t.cell("load-2", "Leader RSS (GiB)")).isEqualTo("2");
        assertThat(t.cell("load-2", "Data size (MiB)")).isEqualTo("36");
        assertThat(t.cell("load-1", "Leader CPU (%)")).isEqualTo("n/a");
        assertThat(t.cell("load-1", "Leader RSS (GiB)")).isEqualTo("n/a");
        assertThat(t.cell("load-3", "Verdict")).isEqualTo("saturated");
        assertThat(t.cell("load-2", "Verdict")).isEqualTo("stable");
    }

    @Test
    void everyServerHasItsOwnRowPerStepFollowersToo() {
        MarkdownTables t = MarkdownTables.under(md, "## Every server per step");
        List<String> follower = t.rows().stream()
                .filter(r -> r.get(0).equals("load-1 (100)") && r.get(2).equals("FOLLOWER"))
                .findFirst()
                .orElseThrow();
        int column = t.header().indexOf("Connections");
        assertThat(follower.subList(column, column + 3)).containsExactly("40", "2000", "1.25");
    }

    @Test
    void generatorTableShowsPhasesAndTheRunnersHealthPerStep() {
        MarkdownTables t = MarkdownTables.under(md, "## Load generator health and phases per step");
        assertThat(t.cell("load-2 (200)", "Add (s)")).isEqualTo("40");
        assertThat(t.cell("load-2 (200)", "Runner CPU (% of share)")).isEqualTo("32");
        assertThat(t.cell("load-2 (200)", "Fire lag p99 (ms)")).isEqualTo("12.5");
        assertThat(t.cell("load-2 (200)", "Servers CPU (% of a core)")).isEqualTo("10 / 20");
        assertThat(t.cell("load-2 (200)", "Generator-bound")).isEqualTo("no");
    }

    @Test
    void tpsTableHasTheSevenOpsAsRowsAndTheStepsAsColumnsInRampOrder() {
        MarkdownTables t = MarkdownTables.under(md, "## TPS per operation per step");
        assertThat(t.header()).containsExactly("Operation", "bm-0 (0)", "load-1 (100)", "load-2 (200)", "load-3 (300)");
        assertThat(t.firstColumn())
                .containsExactly("create", "set", "get", "delete", "createEphemeral", "watch", "deleteEphemeral");
        for (Op op : Op.values()) {
            for (int s = 0; s <= 3; s++) {
                assertThat(t.cell(op.jsonName(), t.header().get(s + 1)))
                        .isEqualTo(Long.toString(Math.round(ResultsFixture.tps(s, op))));
            }
        }
    }

    @Test
    void p99TableShowsMillisecondsPerOpAndStep() {
        MarkdownTables t = MarkdownTables.under(md, "## p99 latency per operation per step (ms)");
        assertThat(MarkdownTables.under(md, "## p50 latency per operation per step (ms)")
                        .cell("create", "load-1 (100)"))
                .isEqualTo("0.6");
        assertThat(MarkdownTables.under(md, "## Calls and errors per operation per step")
                        .cell("get", "load-1 (100)"))
                .isEqualTo("10000");
        assertThat(t.cell("createEphemeral", "load-2 (200)")).isEqualTo("3.4");
        assertThat(t.cell("create", "bm-0 (0)")).isEqualTo("1");
        assertThat(t.cell("deleteEphemeral", "load-3 (300)")).isEqualTo("4.6");
    }

    @Test
    void footprintIsComparedWithTheModelAndLargeDeviationsAreFlagged() {
        MarkdownTables t = MarkdownTables.under(md, "## Footprint per domain, measured vs model");
        assertThat(t.header()).containsExactly("Per domain", "Model", "load-1 (100)", "load-2 (200)", "load-3 (300)");
        assertThat(t.firstColumn()).containsExactly("znodes", "watches", "ephemerals", "sessions", "writes/s");
        assertThat(t.cell("watches", "Model")).isEqualTo("5736");
        assertThat(t.cell("watches", "load-2 (200)")).isEqualTo("6500 (+13.3% ⚠)");
        assertThat(t.cell("watches", "load-1 (100)")).isEqualTo("5736 (+0.0%)");
        assertThat(t.cell("ephemerals", "load-1 (100)")).isEqualTo("147 (-0.3%)");
        assertThat(t.cell("writes/s", "Model")).isEqualTo("11.6");
        assertThat(t.cell("writes/s", "load-3 (300)")).isEqualTo("11.2 (-3.4%)");
    }

    @Test
    void chartsAreRealPngsOfTheChosenSize() throws IOException {
        for (Path png : files.charts()) {
            BufferedImage image = ImageIO.read(png.toFile());
            assertThat(image).as(png.toString()).isNotNull();
            assertThat(image.getWidth()).isEqualTo(ReportWriter.WIDTH);
            assertThat(image.getHeight()).isEqualTo(ReportWriter.HEIGHT);
        }
    }

    @Test
    void htmlIsOfflineAndEscapesWhatTheFilesSay() throws IOException {
        String html = ResultsFixture.read(files.html());
        List<String> links = new ArrayList<>();
        Matcher m = Pattern.compile("(?i)(src|href)\\s*=\\s*\"([^\"]*)\"").matcher(html);
        while (m.find()) {
            links.add(m.group(2));
        }
        assertThat(links).hasSize(3).allSatisfy(l -> assertThat(l).startsWith("data:image/png;base64,"));
        // an address may be named in the text (a server's metric URL), but nothing is fetched from one
        assertThat(html.toLowerCase(Locale.ROOT)).doesNotContain("<script", "<link", "url(", "@import");
        assertThat(html).contains("&lt;script&gt;alert('x')&lt;/script&gt;");
        assertThat(html.replaceAll(">\\s+<", "><"))
                .contains("<td>load-2</td><td>200</td><td>" + ResultsFixture.znodes(2) + "</td>");
        assertThat(md).doesNotContain("<script").contains("&lt;script&gt;");
    }

    @Test
    void rerunningReplacesTheReportsWithIdenticalText() throws IOException {
        String html = ResultsFixture.read(files.html());
        ReportFiles again = ReportWriter.write(dir);
        assertThat(ResultsFixture.read(again.markdown())).isEqualTo(md);
        assertThat(ResultsFixture.read(again.html())).isEqualTo(html);
    }
}
