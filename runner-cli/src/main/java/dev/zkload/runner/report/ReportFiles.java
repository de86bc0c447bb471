package dev.zkload.runner.report;

import java.nio.file.Path;
import java.util.List;

/**
 * The files a report run wrote into the results folder.
 *
 * @param markdown {@code report.md}
 * @param html     {@code report.html} (self-contained)
 * @param charts   the PNG charts, in the order the report shows them
 */
public record ReportFiles(Path markdown, Path html, List<Path> charts) {
    public ReportFiles {
        charts = List.copyOf(charts);
    }
}
