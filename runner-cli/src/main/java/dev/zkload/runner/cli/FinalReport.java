package dev.zkload.runner.cli;

import dev.zkload.runner.report.ReportWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * The report every command writes last, made from its results folder alone, as {@code zkload report}
 * would make it again. A report that cannot be built never costs the results: they are complete on
 * disk, and the user is told how to try again.
 */
final class FinalReport {
    private FinalReport() {}

    static void write(Path out, PrintWriter console) {
        try {
            ReportWriter.write(out);
        } catch (IOException | RuntimeException e) {
            console.println("The report could not be written (" + e.getMessage() + "): the results are complete;"
                    + " run zkload report " + out + " to try again.");
            console.flush();
        }
    }
}
