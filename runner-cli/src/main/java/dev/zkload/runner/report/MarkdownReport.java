package dev.zkload.runner.report;

import java.util.List;

/**
 * Renders the report as GitHub-flavoured Markdown. Text from the results files is escaped so a '|'
 * cannot break a table, '[' cannot make a link or image and '<' cannot smuggle HTML into viewers that
 * render it.
 */
final class MarkdownReport {
    private MarkdownReport() {}

    static String render(List<Block> blocks) {
        StringBuilder md = new StringBuilder(8192);
        for (Block block : blocks) {
            if (block instanceof Block.Title t) {
                md.append("# ").append(escape(t.text())).append("\n\n");
            } else if (block instanceof Block.Section s) {
                md.append("## ").append(escape(s.text())).append("\n\n");
            } else if (block instanceof Block.Text t) {
                md.append(t.strong() ? "**" + escape(t.text()) + "**" : escape(t.text()))
                        .append("\n\n");
            } else if (block instanceof Block.Answer a) {
                md.append("**")
                        .append(escape(a.label()))
                        .append("** ")
                        .append(escape(a.text()))
                        .append("\n\n");
            } else if (block instanceof Block.Bullets b) {
                b.items().forEach(i -> md.append("- ").append(escape(i)).append('\n'));
                md.append('\n');
            } else if (block instanceof Block.TableBlock t) {
                table(md, t.table(), t.level());
            } else if (block instanceof Block.Image i) {
                md.append("![")
                        .append(escape(i.alt()))
                        .append("](")
                        .append(i.fileName())
                        .append(")\n\n");
            }
        }
        return md.toString();
    }

    private static void table(StringBuilder md, Table table, int level) {
        md.append("#".repeat(level)).append(' ').append(escape(table.title())).append("\n\n");
        if (table.caption() != null) {
            md.append(escape(table.caption())).append("\n\n");
        }
        row(md, table.header());
        md.append('|');
        table.header().forEach(h -> md.append(" --- |"));
        md.append('\n');
        table.rows().forEach(r -> row(md, r));
        md.append('\n');
    }

    private static void row(StringBuilder md, List<String> cells) {
        md.append('|');
        cells.forEach(c -> md.append(' ').append(escape(c)).append(" |"));
        md.append('\n');
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '\n', '\r' -> out.append(' ');
                // Markdown syntax characters: a '|' would split a cell, '[' ']' could form a link or image
                case '\\', '|', '[', ']', '*', '_', '`' -> out.append('\\').append(c);
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
