package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.report.ResultsFixture;
import dev.zkload.runner.report.SweepFixture;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ReportCommandTest {
    @TempDir
    Path dir;

    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = new CommandLine(new ReportCommand());
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }

    @Test
    void writesTheReportsAndListsThem() throws IOException {
        ResultsFixture.write(dir);
        assertThat(run(dir.toString())).isZero();
        assertThat(out.toString())
                .contains(
                        "Wrote " + dir.resolve("report.md"),
                        "Wrote " + dir.resolve("report.html"),
                        "Wrote " + dir.resolve("tps-per-step.png"));
        assertThat(dir.resolve("report.md")).isRegularFile();
    }

    @Test
    void anExperimentsFolderIsJudgedOnItsOwnMetricsAndLevels() throws IOException {
        Path sweep = SweepFixture.znodes(dir, "znodes", 100_000, 1);
        assertThat(run(sweep.toString(), "--threshold", "p99(create)<3ms@100k", "--threshold", "snapshot-avg<1s"))
                .isEqualTo(3);
        assertThat(out.toString())
                .contains("Threshold p99(create)<3ms@100k: fail — 4 ms at 100k znodes")
                .contains("Threshold snapshot-avg<1s: pass — 120 ms at 100k znodes (the closest to the limit of 2)")
                .contains("Wrote " + sweep.resolve("report.md"));
        assertThat(run(sweep.toString(), "--threshold", "max-stable-domains>=1"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("is not a metric of znodes");
    }

    @Test
    void aMissingDirectoryIsAUsageError() {
        Path missing = dir.resolve("nope");
        assertThat(run(missing.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("DIR " + missing + " is not a directory.");
    }

    @Test
    void aDirectoryWithoutRunJsonIsAUsageError() {
        assertThat(run(dir.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("has no run.json, so it is not a zkload results folder.");
        assertThat(dir.resolve("report.md")).doesNotExist();
    }

    @Test
    void aFolderOfACommandThisZkloadDoesNotReadIsRefusedInOneSentence() throws IOException {
        ResultsFixture.write(dir);
        Path run = dir.resolve("run.json");
        Files.writeString(run, Files.readString(run).replace("\"command\":\"ramp\"", "\"command\":\"soak\""));
        int exit = Cli.commandLine(new PrintWriter(out), new PrintWriter(err)).execute("report", dir.toString());
        assertThat(exit).isEqualTo(ExitCodes.RUNTIME_FAILURE);
        assertThat(err.toString())
                .startsWith(
                        "zkload: " + run + ": 'soak' is not a command whose results this zkload reads (it reads ramp,");
        assertThat(dir.resolve("report.md")).as("never reported as a ramp").doesNotExist();
    }

    @Test
    void dirIsRequired() {
        assertThat(run()).isEqualTo(2);
        assertThat(err.toString()).contains("Missing required parameter: 'DIR'");
    }
}
