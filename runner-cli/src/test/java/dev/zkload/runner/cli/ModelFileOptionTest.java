package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --model-file and model scan refuse what makes no sense before they connect anywhere. */
class ModelFileOptionTest {
    private static final String CLOSED = "127.0.0.1:1";

    @Test
    void aModelFileThatMakesNoSenseIsAUsageErrorNamingItsLine(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "version: saturn-3\nkinds:\n  - name: a\n    executors: 0\n    jobs: [{items: 1}]\n");
        for (String command : new String[] {"simulate", "ramp"}) {
            CliRun run = command.equals("ramp")
                    ? CliRun.of("--connect", CLOSED, "--model-file", bad.toString())
                    : CliRun.of(command, "--connect", CLOSED, "--domains", "1", "--model-file", bad.toString());
            assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
            assertThat(run.err()).contains("--model-file " + bad + ":4: executors must be at least 1, not 0");
        }
    }

    @Test
    void aModelFileWithSizesOrAMissingFileIsRefused(@TempDir Path dir) {
        CliRun sized = CliRun.of(
                "simulate",
                "--connect",
                CLOSED,
                "--domains",
                "1",
                "--model-file",
                dir.resolve("m.yaml").toString(),
                "--items-per-job",
                "3");
        assertThat(sized.exitCode()).isEqualTo(2);
        assertThat(sized.err()).contains("--model-file describes the domains itself: drop --items-per-job");
        CliRun missing = CliRun.of(
                "simulate",
                "--connect",
                CLOSED,
                "--domains",
                "1",
                "--model-file",
                dir.resolve("m.yaml").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("cannot read model file");
    }

    @Test
    void aScanNeedsEitherNamespacesOrAll(@TempDir Path dir) {
        String out = dir.resolve("m.yaml").toString();
        CliRun neither = CliRun.of("model", "scan", "--connect", CLOSED, "--out", out);
        assertThat(neither.exitCode()).isEqualTo(2);
        assertThat(neither.err()).contains("give either --namespaces a,b or --all");
        CliRun both = CliRun.of("model", "scan", "--connect", CLOSED, "--out", out, "--all", "--namespaces", "a");
        assertThat(both.exitCode()).isEqualTo(2);
        CliRun rate = CliRun.of("model", "scan", "--connect", CLOSED, "--out", out, "--all", "--max-rate", "0");
        assertThat(rate.exitCode()).isEqualTo(2);
        assertThat(rate.err()).contains("--max-rate");
    }

    @Test
    void aScanRefusesANamespaceNamedTwiceBeforeItConnects(@TempDir Path dir) {
        String out = dir.resolve("m.yaml").toString();
        CliRun twice = CliRun.of("model", "scan", "--connect", CLOSED, "--out", out, "--namespaces", "a,b,a");
        assertThat(twice.exitCode()).as(twice.err()).isEqualTo(2);
        assertThat(twice.err()).contains("--namespaces names 'a' twice");
    }

    @Test
    void aScanRefusesAnOutItCouldNotWriteBeforeItConnects(@TempDir Path dir) {
        CliRun directory = CliRun.of("model", "scan", "--connect", CLOSED, "--all", "--out", dir.toString());
        assertThat(directory.exitCode()).as(directory.err()).isEqualTo(2);
        assertThat(directory.err()).contains("--out " + dir + " is a directory; give the file to write");
        Path nowhere = dir.resolve("missing/m.yaml");
        CliRun noParent = CliRun.of("model", "scan", "--connect", CLOSED, "--all", "--out", nowhere.toString());
        assertThat(noParent.exitCode()).as(noParent.err()).isEqualTo(2);
        assertThat(noParent.err())
                .contains("--out " + nowhere + " cannot be written: its directory " + dir.resolve("missing")
                        + " does not exist");
        CliRun fine = CliRun.of(
                "model",
                "scan",
                "--connect",
                CLOSED,
                "--all",
                "--out",
                dir.resolve("m.yaml").toString(),
                "--connect-timeout",
                "1s");
        assertThat(fine.exitCode())
                .as("a file it can write: the scan tries to connect")
                .isEqualTo(1);
        assertThat(fine.err()).contains("cannot scan");
    }
}
