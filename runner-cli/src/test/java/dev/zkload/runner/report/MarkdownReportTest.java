package dev.zkload.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownReportTest {
    @Test
    void textFromFilesCannotBreakTablesOrAddLinksImagesOrHtml() {
        assertThat(MarkdownReport.escape("a|b ![x](http://e/i.png) <img src=x> *y*_z_\nnext"))
                .isEqualTo("a\\|b !\\[x\\](http://e/i.png) &lt;img src=x&gt; \\*y\\*\\_z\\_ next");
    }

    @Test
    void tablesHaveAHeadingHeaderSeparatorAndOneLinePerRow() {
        Table table = new Table("T", "why", List.of("Operation", "bm-0 (0)"), List.of(List.of("get", "4234")));
        String md = MarkdownReport.render(List.of(new Block.TableBlock(table, 2)));
        assertThat(md).isEqualTo("## T\n\nwhy\n\n| Operation | bm-0 (0) |\n| --- | --- |\n| get | 4234 |\n\n");
    }

    @Test
    void anAnswerIsABoldLabelBeforePlainTextWhileAWarningIsBoldAloneWhichTheHtmlColoursRed() {
        String md = MarkdownReport.render(List.of(
                new Block.Answer("Verdict:", "The ensemble saturated at 300 domains."),
                new Block.Text("Incomplete run: there is no summary.json.", true)));
        assertThat(md)
                .startsWith("**Verdict:** The ensemble saturated at 300 domains.")
                .endsWith("**Incomplete run: there is no summary.json.**\n\n");
        String html = HtmlReport.render(md, "t", java.nio.file.Path.of("."));
        assertThat(html)
                .contains("<p><strong>Verdict:</strong> The ensemble saturated at 300 domains.</p>")
                .contains("<p><strong>Incomplete run: there is no summary.json.</strong></p>")
                .as("red only for a paragraph that is bold alone")
                .contains("p>strong:only-child{color:#b00}")
                .as("a wide table scrolls inside the page")
                .contains("overflow-x:auto");
    }
}
