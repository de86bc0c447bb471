package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.it.testing.RunnerProcess;
import dev.zkload.it.testing.Signals;
import dev.zkload.it.testing.Znodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C as a terminal sends it: SIGINT to the whole foreground process group, the runner and the
 * servers it forked alike. The servers must leave on the runner's word, not on the terminal's: then
 * one Ctrl-C cleans up through them, and a second one (which stops the runner at once) still leaves
 * neither a server process nor its data behind. The runner runs in a session of its own
 * ({@code setsid}) with SIGINT at its default ({@code env --default-signal}), as in a shell. On an
 * ensemble given with {@code --connect}, what a quit leaves stays, and the quit names the command
 * that removes it.
 */
// ZooKeeper.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
class CtrlCIT {
    private static final String DATA_DIR = "-Dzkload.deleteOnOrphan=";
    private static final Pattern CLEAN = Pattern.compile(" clean --connect (\\S+) --root (\\S+)");

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
            // resumed once the runner is gone, the servers find themselves orphaned and go
            interruptTwiceWhileStopped(r, servers(r));
            assertThat(r.err()).contains("quitting without cleanup");
            assertGone(r, dirs);
        }
    }

    @Test
    void aSecondCtrlCThatLeavesZnodesOnAConnectedEnsemblePrintsTheCleanCommandThatRemovesThem() throws Exception {
        Path out = tmp.resolve("connected");
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("256m").build()) {
            zk.start();
            ProcessHandle server = serverProcess(zk);
            try (ZooKeeper observer = ZkClients.connect(zk.connectString());
                    RunnerProcess r = start(out, "--connect", zk.connectString(), "--domains", "2")) {
                // a domain is registered: the run's tree holds its znodes
                await().atMost(Timeouts.seconds(120))
                        .until(() -> observer.exists("/zkload", false) != null
                                && observer.getChildren("/zkload", false).size() == 1
                                && Znodes.tree(observer, "/zkload").size() > 10);
                interruptTwiceWhileStopped(r, List.of(server));
                assertThat(r.err())
                        .contains("zkload: quitting without cleanup; what this run created stays on the ensemble."
                                + " Remove it with:");
                Matcher clean = CLEAN.matcher(r.err());
                assertThat(clean.find()).as(r.err()).isTrue();
                assertThat(clean.group(1)).isEqualTo(zk.connectString());
                String root = clean.group(2);
                assertThat(root)
                        .isEqualTo("/zkload/"
                                + observer.getChildren("/zkload", false).get(0));
                assertThat(Znodes.tree(observer, root))
                        .as("the quit left the run's tree")
                        .hasSizeGreaterThan(10);

                // the printed command, run as printed; it waits for the quit run's lock session to end
                await().atMost(Timeouts.seconds(90))
                        .pollInterval(Duration.ofSeconds(2))
                        .until(() -> {
                            try (RunnerProcess c = RunnerProcess.run(
                                    tmp.resolve("logs"), "clean", "--connect", zk.connectString(), "--root", root)) {
                                return c.exitCode() == 0 && c.out().contains("Removed ");
                            }
                        });
                assertThat(Znodes.tree(observer, root)).isEmpty();
            }
        }
    }

    /**
     * CI's {@code timeout -s INT}: GNU timeout signals the runner and then its own process group, two
     * SIGINTs microseconds apart. That is one interrupt: the run cleans up and leaves nothing on the
     * ensemble. SIGALRM to {@code timeout} is its own timer running out, sent once the tree exists.
     */
    @Test
    void timeoutsTwoSignalsAreOneInterruptThatCleansUp() throws Exception {
        Path out = tmp.resolve("timeout");
        assumeTrue(runs("timeout", "--version"), "GNU timeout (coreutils) is needed");
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("256m").build()) {
            zk.start();
            try (ZooKeeper observer = ZkClients.connect(zk.connectString());
                    RunnerProcess r = start(
                            out,
                            List.of("timeout", "-s", "INT", "10m"),
                            "--connect",
                            zk.connectString(),
                            "--domains",
                            "2")) {
                await().atMost(Timeouts.seconds(120))
                        .until(() -> observer.exists("/zkload", false) != null
                                && observer.getChildren("/zkload", false).size() == 1
                                && Znodes.tree(observer, "/zkload").size() > 10);
                Signals.send("ALRM", r.process().pid());
                assertThat(r.awaitExit(Timeouts.seconds(120))).as(r.output()).isEqualTo(124);
                assertThat(r.err()).contains("SIGINT received").doesNotContain("quitting without cleanup");
                assertThat(RunnerProcess.json(out.resolve("summary.json"))
                                .get("stopReason")
                                .asText())
                        .isEqualTo("interrupted");
                assertThat(observer.exists("/zkload", false))
                        .as("the run's tree")
                        .isNull();
            }
        }
    }

    private RunnerProcess startEmbedded(Path out) throws Exception {
        return start(out, "--servers", "3", "--domains", "3");
    }

    private RunnerProcess start(Path out, String... target) throws Exception {
        return start(out, List.of(), target);
    }

    /** @param under a command the runner runs under, after {@code setsid} and before the JVM */
    private RunnerProcess start(Path out, List<String> under, String... target) throws Exception {
        assumeTrue(
                runs("setsid", "true") && runs("env", "--default-signal=INT", "true"),
                "setsid and env --default-signal (util-linux, coreutils 8.31+) are needed to act as a terminal does");
        List<String> args = new ArrayList<>(List.of(target));
        args.addAll(List.of(
                "--step",
                "1",
                "--settle",
                "10m",
                "--znode-count",
                "100",
                "--jobs-per-domain",
                "3",
                "--out",
                out.toString()));
        List<String> prefix = new ArrayList<>(List.of("setsid", "env", "--default-signal=INT"));
        prefix.addAll(under);
        return RunnerProcess.start(tmp.resolve("logs"), prefix, args.toArray(String[]::new));
    }

    /** The forked server of a one-server ensemble this test started (its command line names its folder). */
    private static ProcessHandle serverProcess(LocalEnsemble zk) {
        String logDir = "-Dzookeeper.log.dir=" + zk.dataDir(1).getParent() + " ";
        return ProcessHandle.current()
                .descendants()
                .filter(p -> p.info().commandLine().orElse("").contains(logDir))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no server process with " + logDir));
    }

    /** The servers' data directories (each server is told its own), once the baseline is on disk. */
    private static List<Path> awaitServersAndBaseline(RunnerProcess r, Path out) {
        await().atMost(Timeouts.seconds(120)).until(() -> Files.exists(out.resolve("steps.jsonl")));
        List<Path> dirs = servers(r).stream()
                .map(p -> p.info().arguments().orElse(new String[0]))
                .flatMap(java.util.Arrays::stream)
                .filter(a -> a.startsWith(DATA_DIR))
                .map(a -> Path.of(a.substring(DATA_DIR.length())))
                .toList();
        assertThat(dirs).as(r.output()).hasSize(3).allMatch(Files::isDirectory);
        return dirs;
    }

    /** The embedded servers' processes: the runner's children that are told their data directory. */
    private static List<ProcessHandle> servers(RunnerProcess r) {
        return runner(r)
                .descendants()
                .filter(p -> java.util.Arrays.stream(p.info().arguments().orElse(new String[0]))
                        .anyMatch(a -> a.startsWith(DATA_DIR)))
                .toList();
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

    /**
     * Two Ctrl-Cs a person's second apart, {@code servers} stopped meanwhile: they hold the first one's cleanup,
     * which on a quiet machine would otherwise end before the second came. The runner quits with 130; the servers
     * are resumed however the test went.
     */
    private static void interruptTwiceWhileStopped(RunnerProcess r, List<ProcessHandle> servers) throws Exception {
        try {
            for (ProcessHandle server : servers) {
                Signals.send("STOP", server.pid());
            }
            interruptGroup(r);
            // a signal sent while the same one is still pending is merged into it: wait until the first was taken
            await().atMost(Timeouts.seconds(30)).until(() -> r.err().contains("SIGINT received"));
            awaitPastTheSameInterrupt(r);
            interruptGroup(r);
            assertThat(r.awaitExit(Timeouts.seconds(60))).as(r.output()).isEqualTo(130);
        } finally {
            Signals.sendToAll("CONT", servers);
        }
    }

    /**
     * A person's second Ctrl-C: more than a second after the first (an earlier one is the same
     * interrupt, as GNU timeout's second signal is), with the runner still cleaning up.
     */
    private static void awaitPastTheSameInterrupt(RunnerProcess r) {
        await().pollDelay(Duration.ofMillis(1500)).atMost(Timeouts.seconds(10)).until(() -> r.process()
                .isAlive());
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
