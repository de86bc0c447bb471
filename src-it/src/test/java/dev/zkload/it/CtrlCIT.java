package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.zkload.bench.testing.Timeouts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C as a terminal sends it: SIGINT to the whole foreground process group, the runner and the
 * servers it forked alike. The servers must leave on the runner's word, not on the terminal's: then
 * one Ctrl-C cleans up through them, and a second one (which stops the runner at once) still leaves
 * neither a server process nor its data behind. The runner runs in a session of its own
 * ({@code setsid}) with SIGINT at its default ({@code env --default-signal}), as in a shell.
 */
class CtrlCIT {
    private static final String DATA_DIR = "-Dzkload.deleteOnOrphan=";

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path tmp;

    @Test
    void oneCtrlCStopsTheRunWithItsResultsAndCleansUpThroughTheServers() throws Exception {
        Path out = tmp.resolve("once");
        try (RunnerProcess r = startEmbedded(out)) {
            List<Path> dirs = awaitServersAndBaseline(r, out);
            interruptGroup(r);
            assertThat(r.awaitExit(Timeouts.seconds(120))).as(r.output()).isEqualTo(130);
            assertThat(r.out()).contains("Removing the simulated domains").doesNotContain("could not remove");
            assertThat(RunnerProcess.json(out.resolve("summary.json"))
                            .get("stopReason")
                            .asText())
                    .isEqualTo("interrupted");
            assertGone(r, dirs);
        }
    }

    @Test
    void aSecondCtrlCQuitsAtOnceAndStillLeavesNoServerOrDataBehind() throws Exception {
        Path out = tmp.resolve("twice");
        try (RunnerProcess r = startEmbedded(out)) {
            List<Path> dirs = awaitServersAndBaseline(r, out);
            interruptGroup(r);
            // a signal sent while the same one is still pending is merged into it: wait until the first was taken
            await().atMost(Timeouts.seconds(30)).until(() -> r.err().contains("SIGINT received"));
            interruptGroup(r);
            assertThat(r.awaitExit(Timeouts.seconds(60))).as(r.output()).isEqualTo(130);
            assertThat(r.err()).contains("quitting without cleanup");
            assertGone(r, dirs);
        }
    }

    private RunnerProcess startEmbedded(Path out) throws Exception {
        assumeTrue(
                runs("setsid", "true") && runs("env", "--default-signal=INT", "true"),
                "setsid and env --default-signal (util-linux, coreutils 8.31+) are needed to act as a terminal does");
        return RunnerProcess.start(
                tmp.resolve("logs"),
                List.of("setsid", "env", "--default-signal=INT"),
                "--servers",
                "3",
                "--domains",
                "3",
                "--step",
                "1",
                "--settle",
                "10m",
                "--znode-count",
                "100",
                "--jobs-per-domain",
                "3",
                "--out",
                out.toString());
    }

    /** The servers' data directories (each server is told its own), once the baseline is on disk. */
    private static List<Path> awaitServersAndBaseline(RunnerProcess r, Path out) {
        await().atMost(Timeouts.seconds(120)).until(() -> Files.exists(out.resolve("steps.jsonl")));
        List<Path> dirs = runner(r)
                .descendants()
                .map(p -> p.info().arguments().orElse(new String[0]))
                .flatMap(java.util.Arrays::stream)
                .filter(a -> a.startsWith(DATA_DIR))
                .map(a -> Path.of(a.substring(DATA_DIR.length())))
                .toList();
        assertThat(dirs).as(r.output()).hasSize(3).allMatch(Files::isDirectory);
        return dirs;
    }

    private static void assertGone(RunnerProcess r, List<Path> dirs) {
        await().atMost(Timeouts.seconds(30)).untilAsserted(() -> {
            assertThat(r.process().descendants().filter(ProcessHandle::isAlive).toList())
                    .as("server processes")
                    .isEmpty();
            assertThat(dirs).as("the servers' data").noneMatch(Files::exists);
            assertThat(dirs.get(0).getParent())
                    .as("the ensemble's temporary folder")
                    .doesNotExist();
        });
    }

    /** SIGINT to the runner's process group, as the terminal's Ctrl-C. */
    private static void interruptGroup(RunnerProcess r) throws IOException, InterruptedException {
        long group = processGroup(runner(r).pid());
        Process kill = new ProcessBuilder("kill", "-INT", "--", "-" + group)
                .inheritIO()
                .start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0).isTrue();
    }

    /** The runner's JVM: the process started, or (if setsid had to fork) its child. */
    private static ProcessHandle runner(RunnerProcess r) {
        Optional<ProcessHandle> java = r.process()
                .toHandle()
                .info()
                .command()
                .filter(c -> c.endsWith("java"))
                .map(c -> r.process().toHandle());
        return java.orElseGet(() -> r.process().children().findFirst().orElseThrow());
    }

    private static long processGroup(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        // pid (comm) state ppid pgrp ...; comm may hold spaces, so count from its closing parenthesis
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ", -1);
        return Long.parseLong(fields[2]);
    }

    private static boolean runs(String... command) {
        try {
            Process p = new ProcessBuilder(command).start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
