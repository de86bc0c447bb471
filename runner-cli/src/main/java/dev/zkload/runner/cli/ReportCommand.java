package dev.zkload.runner.cli;

import dev.zkload.runner.report.ReportFiles;
import dev.zkload.runner.report.ReportWriter;
import dev.zkload.runner.report.ShardMerge;
import dev.zkload.runner.result.ResultFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code report DIR}: rebuilds report.md, report.html and the charts of a results folder from its
 * files. {@code report DIR... --out MERGED}: merges the folders of the shards of one ramp first
 * ({@link ShardMerge}). Exit code 0 when written, 2 (picocli's usage code) when a DIR is not a
 * results folder or the folders are not the shards of one run.
 */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = {
            "Rebuild report.md, report.html and the PNG charts of a results folder from its files.",
            "Given the folders of every shard of one ramp (--shard i/N), merge them into --out and report that."
        })
public final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(
            arity = "1..*",
            paramLabel = "DIR",
            description = "A results folder written by the ramp (holds run.json);" + " or every shard's folder.")
    List<Path> dirs;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the merged folder of several shards goes.")
    Path out;

    @Override
    public Integer call() throws IOException {
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir)) {
                throw new ParameterException(spec.commandLine(), "DIR " + dir + " is not a directory.");
            }
            if (!Files.isRegularFile(dir.resolve(ResultFiles.RUN))) {
                throw new ParameterException(
                        spec.commandLine(), "DIR " + dir + " has no run.json, so it is not a zkload results folder.");
            }
        }
        Path target = dirs.get(0);
        if (dirs.size() > 1) {
            if (out == null) {
                throw new ParameterException(spec.commandLine(), "several folders are merged into --out DIR; give it");
            }
            if (Files.exists(out.resolve(ResultFiles.RUN))) {
                throw new ParameterException(
                        spec.commandLine(), "--out " + out + " holds a run already; give a new folder");
            }
            try {
                ShardMerge.merge(dirs, out);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
            target = out;
        } else if (out != null) {
            throw new ParameterException(spec.commandLine(), "--out is for merging several shards' folders");
        }
        ReportFiles files = ReportWriter.write(target);
        PrintWriter console = spec.commandLine().getOut();
        console.println("Wrote " + files.markdown());
        console.println("Wrote " + files.html());
        files.charts().forEach(c -> console.println("Wrote " + c));
        console.flush();
        return 0;
    }
}
