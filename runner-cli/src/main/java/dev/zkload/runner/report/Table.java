package dev.zkload.runner.report;

import java.util.List;

/**
 * One table of the report, already as text, so the Markdown and the HTML report show the same cells.
 * Cells hold raw text (possibly from the results files); each renderer escapes for its own format.
 */
record Table(String title, String caption, List<String> header, List<List<String>> rows) {

    Table {
        header = List.copyOf(header);
        rows = rows.stream().map(List::copyOf).toList();
    }
}
