package dev.zkload.runner.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.Image;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * report.html is report.md rendered (commonmark with GitHub's tables), so the two say the same
 * things by construction. The page is self-contained: the style sheet is inline and every chart is
 * embedded as a base64 {@code data:} URI, so it opens offline and stays whole when mailed or copied
 * on its own (the PNG files beside it are for report.md). A paragraph that is bold alone is a warning
 * (red); an answer that is news has a bold label and plain text ({@link Block.Answer}). A table wider
 * than the page scrolls inside it instead of pushing the page wider.
 */
final class HtmlReport {
    private static final String STYLE = """
            body{font-family:sans-serif;margin:2em;color:#222;max-width:1200px}
            table{border-collapse:collapse;margin:0.5em 0 1.5em;display:block;max-width:100%;overflow-x:auto}
            th,td{border:1px solid #ccc;padding:3px 8px;text-align:right}th{font-size:90%}
            th{background:#f0f0f0}td:first-child,th:first-child{text-align:left}
            img{max-width:100%;border:1px solid #eee}p>strong:only-child{color:#b00}
            """;
    private static final List<org.commonmark.Extension> EXTENSIONS = List.of(TablesExtension.create());

    private HtmlReport() {}

    /** @param chartDir where the charts report.md names lie */
    static String render(String markdown, String title, Path chartDir) {
        Parser parser = Parser.builder().extensions(EXTENSIONS).build();
        HtmlRenderer renderer = HtmlRenderer.builder()
                .extensions(EXTENSIONS)
                .escapeHtml(true)
                .attributeProviderFactory(context -> (node, tag, attributes) -> {
                    if (node instanceof Image image) {
                        attributes.put("src", dataUri(chartDir.resolve(image.getDestination())));
                    }
                })
                .build();
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + escape(title)
                + "</title>\n<style>" + STYLE + "</style></head>\n<body>\n" + renderer.render(parser.parse(markdown))
                + "</body></html>\n";
    }

    private static String dataUri(Path png) {
        try {
            return "data:image/png;base64," + Base64.getEncoder().encodeToString(Files.readAllBytes(png));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot embed " + png + ": " + e.getMessage(), e);
        }
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
