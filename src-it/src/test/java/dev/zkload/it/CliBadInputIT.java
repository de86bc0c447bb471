package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.it.testing.RunnerProcess;
import dev.zkload.it.testing.Znodes;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input to the CLI as a process, as a user meets it: one clear sentence on stderr, the
 * documented exit code (2 options wrong in themselves, 1 the ensemble or the machine refused), no stack trace unless {@code --verbose},
 * and nothing written to the ensemble.
 */
class CliBadInputIT {
    private static final int USAGE = 2;
    private static final int FAILURE = 1;
    private static LocalEnsemble zk;
    private static ZooKeeper observer;
    private static String hosts;

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path tmp;

    @BeforeAll
    static void start() throws Exception {
        zk = LocalEnsemble.builder().servers(1).heap("256m").build();
        zk.start();
        hosts = zk.connectString();
        observer = ZkClients.connect(hosts);
        // a root of somebody else's, not empty: only --force may clear it
        observer.create("/zkload", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        observer.create("/zkload/theirs", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        observer.create(
                "/zkload/theirs/data",
                "keep".getBytes(StandardCharsets.UTF_8),
                ZooDefs.Ids.OPEN_ACL_UNSAFE,
                CreateMode.PERSISTENT);
    }

    @AfterAll
    static void stop() throws Exception {
        if (observer != null) {
            observer.close();
        }
        if (zk != null) {
            zk.close();
        }
    }

    private static RunnerProcess run(String... args) throws Exception {
        return RunnerProcess.run(tmp.resolve("logs"), args);
    }

    /** Exit code, the sentence on stderr and nothing of a stack trace. */
    private static void assertRefused(RunnerProcess r, int exitCode, String sentence) {
        assertThat(r.exitCode()).as(r.output()).isEqualTo(exitCode);
        assertThat(r.err())
                .as(r.output())
                .startsWith("zkload: ")
                .contains(sentence)
                .doesNotContain("Exception")
                .doesNotContain("\tat ");
    }

    @Test
    void badSizesAndRootsAreUsageErrors() throws Exception {
        assertRefused(run("--connect", hosts, "--domains", "0"), USAGE, "--domains must be positive, got 0");
        assertRefused(run("--connect", hosts, "--step", "-100"), USAGE, "--step must be positive, got -100");
        assertRefused(
                run("--connect", hosts, "--jobs-per-domain", "0"), USAGE, "--jobs-per-domain must be positive, got 0");
        assertRefused(run("simulate", "--connect", hosts, "--domains", "-1"), USAGE, "--domains must be positive");
        assertRefused(
                run("latency", "--connect", hosts, "--znode-count", "0"), USAGE, "--znode-count must be at least 1");
        assertRefused(run("latency", "--connect", hosts, "--root", "/"), USAGE, "--root / is refused");
        assertRefused(
                run("latency", "--connect", hosts, "--root", "/zookeeper"),
                USAGE,
                "/zookeeper is ZooKeeper's own tree");
        assertRefused(run("clean", "--connect", hosts, "--root", "/zookeeper/quota"), USAGE, "is refused");
        assertNothingWritten();
    }

    @Test
    void aConnectStringThatDoesNotParseIsAUsageErrorAndAClosedPortAFailure() throws Exception {
        assertRefused(run("--connect", "127.0.0.1:notaport"), USAGE, "--connect: invalid port 'notaport'");
        assertRefused(run("latency", "--connect", ""), USAGE, "--connect");
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        RunnerProcess r = run(
                "--connect",
                "127.0.0.1:" + closed,
                "--connect-timeout",
                "2s",
                "--out",
                tmp.resolve("unreachable").toString());
        assertRefused(r, FAILURE, "cannot reach ZooKeeper at 127.0.0.1:" + closed + " within 2 s");
        assertThat(r.err().lines().count()).as("one sentence: " + r.err()).isEqualTo(1);
        assertThat(tmp.resolve("unreachable"))
                .as("a refused run leaves no empty results folder")
                .doesNotExist();
    }

    @Test
    void verboseShowsTheStackTrace() throws Exception {
        RunnerProcess r = run(
                "--verbose",
                "--connect",
                "127.0.0.1:1",
                "--connect-timeout",
                "1s",
                "--out",
                tmp.resolve("verbose").toString());
        assertThat(r.exitCode()).isEqualTo(FAILURE);
        assertThat(r.err()).contains("cannot reach ZooKeeper").contains("\tat dev.zkload.");
    }

    @Test
    void aRootThatIsNotEmptyIsLeftAloneWithoutForce() throws Exception {
        assertRefused(
                run(
                        "latency",
                        "--connect",
                        hosts,
                        "--root",
                        "/zkload/theirs",
                        "--znode-count",
                        "10",
                        "--out",
                        tmp.resolve("theirs").toString()),
                FAILURE,
                "/zkload/theirs already exists and holds 1 znodes; choose another root, or use --force to clear it");
        // the same refusal from clean, which once called it a usage error
        observer.create("/app", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        observer.create("/app/data", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        try {
            assertRefused(
                    run(
                            "latency",
                            "--connect",
                            hosts,
                            "--root",
                            "/app",
                            "--out",
                            tmp.resolve("app").toString()),
                    FAILURE,
                    "/app already exists and holds 1 znodes");
            assertRefused(
                    run("clean", "--connect", hosts, "--root", "/app"),
                    FAILURE,
                    "/app is outside /zkload and carries no zkload marker");
            assertThat(observer.exists("/app/data", false)).isNotNull();
        } finally {
            observer.delete("/app/data", -1);
            observer.delete("/app", -1);
        }
        assertThat(new String(observer.getData("/zkload/theirs/data", false, null), StandardCharsets.UTF_8))
                .isEqualTo("keep");
        assertNothingWritten();
    }

    @Test
    void anOutFolderThatCannotBeMadeIsRefusedBeforeAnythingRuns() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "not a folder");
        assertRefused(
                run("--connect", hosts, "--out", file.resolve("results").toString()),
                USAGE,
                "cannot use results folder " + file.resolve("results"));
        assertRefused(run("latency", "--connect", hosts, "--out", file.toString()), USAGE, "is a file, not a folder");
        assertNothingWritten();
    }

    @Test
    void aResultsFolderThatHoldsAnotherRunIsNotReused() throws Exception {
        Path used = Files.createDirectories(tmp.resolve("used"));
        Files.writeString(used.resolve("latency-1-127.0.0.1_2181.hlog"), "an earlier run's histograms");
        assertRefused(
                run("latency", "--connect", hosts, "--out", used.toString()),
                USAGE,
                "--out: " + used + " already holds files");
        try (var files = Files.list(used)) {
            assertThat(files.count()).isEqualTo(1);
        }
    }

    @Test
    void anUnknownHostIsOneSentenceAtOnceAndARefusedRunLeavesNoResultsFolder() throws Exception {
        Path out = tmp.resolve("unknown-host");
        long start = System.nanoTime();
        RunnerProcess r = run("latency", "--connect", "no-such-host.invalid:2181", "--out", out.toString());
        assertRefused(r, FAILURE, "unknown host 'no-such-host.invalid'");
        assertThat(r.err().lines().count()).as("one sentence: " + r.output()).isEqualTo(1);
        assertThat(r.out()).as("no log of ZooKeeper's own retries").doesNotContain("ERROR");
        assertThat((System.nanoTime() - start) / 1e9)
                .as("not the whole connect timeout")
                .isLessThan(10.0);
        assertThat(out).doesNotExist();
        Path usage = tmp.resolve("usage");
        assertRefused(run("--connect", hosts, "--domains", "0", "--out", usage.toString()), USAGE, "--domains");
        assertThat(usage).doesNotExist();
    }

    @Test
    void aServerJavaHomeThatIsNoJdkIsRefused() throws Exception {
        assertRefused(
                run("--server-java-home", tmp.toString(), "--servers", "1"),
                USAGE,
                "--server-java-home: " + tmp + " is not a JDK");
        assertRefused(run("ensemble", "--server-java-home", "/nonexistent"), USAGE, "is not a JDK");
    }

    /** The ensemble holds ZooKeeper's own tree and the other team's root, nothing of ours. */
    private static void assertNothingWritten() throws Exception {
        assertThat(observer.getChildren("/", false)).containsExactlyInAnyOrder("zookeeper", "zkload");
        assertThat(observer.getChildren("/zkload", false)).containsExactly("theirs");
        assertThat(Znodes.tree(observer, "/zkload/theirs")).containsExactly("/zkload/theirs", "/zkload/theirs/data");
    }
}
