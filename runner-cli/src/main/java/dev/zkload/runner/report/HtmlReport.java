package dev.zkload.runner.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

/**
 * Renders the report as one self-contained HTML page: the style sheet is inline and the charts are
 * embedded as base64 {@code data:} URIs, so the page opens offline and stays whole when it is mailed or
 * copied on its own (the PNG files beside it are for report.md). Every text is HTML-escaped.
 */
final class HtmlReport {
    private static final String STYLE = """
            body{font-family:sans-serif;margin:2em;color:#222;max-width:1200px}
            table{border-collapse:collapse;margin:0.5em 0 1.5em}
            th,td{border:1px solid #ccc;padding:3px 8px;text-align:right}
            th{background:#f0f0f0}td:first-child,th:first-child{text-align:left}
            caption{caption-side:top;text-align:left;color:#555;padding:4px 0}
            img{max-width:100%;border:1px solid #eee}.strong{font-weight:bold;color:#b00}
            """;

    private HtmlReport() {
    }

    static String render(List<Block> blocks, Path chartDir) throws IOException {
        StringBuilder html = new StringBuilder(16384);
        String title = blocks.stream().filter(b -> b instanceof Block.Title).map(b -> ((Block.Title) b).text())
                .findFirst().orElse("zkload report");
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(escape(title)).append("</title>\n<style>").append(STYLE).append("</style></head>\n<body>\n");
        for (Block block : blocks) {
            if (block instanceof Block.Title t) {
                html.append("<h1>").append(escape(t.text())).append("</h1>\n");
            } else if (block instanceof Block.Section s) {
                html.append("<h2>").append(escape(s.text())).append("</h2>\n");
            } else if (block instanceof Block.Text t) {
                html.append(t.strong() ? "<p class=\"strong\">" : "<p>").append(escape(t.text()))
                        .append("</p>\n");
            } else if (block instanceof Block.Bullets b) {
                html.append("<ul>\n");
                b.items().forEach(i -> html.append("<li>").append(escape(i)).append("</li>\n"));
                html.append("</ul>\n");
            } else if (block instanceof Block.TableBlock t) {
                table(html, t.table(), t.level());
            } else if (block instanceof Block.Image i) {
                html.append("<p><img alt=\"").append(escape(i.alt()))
                        .append("\" src=\"data:image/png;base64,")
                        .append(Base64.getEncoder().encodeToString(Files.readAllBytes(chartDir.resolve(i.fileName()))))
                        .append("\"></p>\n");
            }
        }
        return html.append("</body></html>\n").toString();
    }

    private static void table(StringBuilder html, Table table, int level) {
        html.append("<h").append(level).append('>').append(escape(table.title())).append("</h").append(level)
                .append(">\n<table>");
        if (table.caption() != null) {
            html.append("<caption>").append(escape(table.caption())).append("</caption>");
        }
        html.append("\n<tr>");
        table.header().forEach(h -> html.append("<th>").append(escape(h)).append("</th>"));
        html.append("</tr>\n");
        for (List<String> row : table.rows()) {
            html.append("<tr>");
            row.forEach(c -> html.append("<td>").append(escape(c)).append("</td>"));
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
                .replace("'", "&#39;");
    }
}
