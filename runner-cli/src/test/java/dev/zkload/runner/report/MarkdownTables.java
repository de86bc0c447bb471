package dev.zkload.runner.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Reads back the Markdown table under a heading, so tests can check cells by row and column name. */
record MarkdownTables(List<String> header, List<List<String>> rows) {

    static MarkdownTables under(String markdown, String heading) {
        int at = markdown.indexOf(heading + "\n");
        if (at < 0) {
            throw new AssertionError("no heading " + heading);
        }
        List<List<String>> lines = new ArrayList<>();
        boolean inTable = false;
        for (String line : markdown.substring(at).split("\n", -1)) {
            if (line.startsWith("|")) {
                inTable = true;
                lines.add(Arrays.stream(line.substring(1, line.length() - 1).split("(?<!\\\\)\\|"))
                        .map(String::trim)
                        .toList());
            } else if (inTable) {
                break;
            }
        }
        return new MarkdownTables(lines.get(0), lines.subList(2, lines.size()));
    }

    String cell(String rowKey, String column) {
        int c = header.indexOf(column);
        if (c < 0) {
            throw new AssertionError("no column " + column + " in " + header);
        }
        return rows.stream()
                .filter(r -> r.get(0).equals(rowKey))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row " + rowKey))
                .get(c);
    }

    List<String> firstColumn() {
        return rows.stream().map(r -> r.get(0)).toList();
    }
}
