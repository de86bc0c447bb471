package dev.zkload.runner.report;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code report DIR}: rebuilds report.md, report.html and the charts of a results folder from its
 * files. Exit code 0 when written, 2 (picocli's usage code) when DIR is not a results folder.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Rebuild report.md, report.html and the PNG charts of a results folder from its files.")
public final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "A results folder written by the ramp (holds run.json).")
    Path dir;

    @Override
    public Integer call() throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new ParameterException(spec.commandLine(), "DIR " + dir + " is not a directory.");
        }
        if (!Files.isRegularFile(dir.resolve(ResultsReader.RUN))) {
            throw new ParameterException(spec.commandLine(),
                    "DIR " + dir + " has no run.json, so it is not a zkload results folder.");
        }
        ReportFiles files = ReportWriter.write(dir);
        PrintWriter out = spec.commandLine().getOut();
        out.println("Wrote " + files.markdown());
        out.println("Wrote " + files.html());
        files.charts().forEach(c -> out.println("Wrote " + c));
        out.flush();
        return 0;
    }
}
