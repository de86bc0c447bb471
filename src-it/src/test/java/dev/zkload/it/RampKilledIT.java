package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.it.testing.RunnerProcess;
import dev.zkload.it.testing.Znodes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * A ramp killed with SIGKILL runs no shutdown hook and cleans nothing itself: its embedded servers
 * must end (and take their temporary data with them), and on a remote ensemble {@code clean} must
 * remove what it left under its root, and nothing outside it.
 */
// ZooKeeper.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
class RampKilledIT {
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path tmp;

    @Test
    void theEmbeddedServersEndWithTheRunnerAndTakeTheirDataWithThem() throws Exception {
        Path out = tmp.resolve("embedded");
        try (RunnerProcess ramp = RunnerProcess.start(
                tmp,
                "--servers",
                "3",
                "--server-heap",
                "256m",
                "--domains",
                "1",
                "--settle",
                "120s",
                "--znode-count",
                "200",
                "--out",
                out.toString())) {
            // past the baseline, the servers are up and the simulated domain is being added
            await().atMost(Timeouts.seconds(120))
                    .until(() -> Files.isRegularFile(out.resolve("steps.jsonl"))
                            && !Files.readAllLines(out.resolve("steps.jsonl")).isEmpty());
            List<ProcessHandle> servers = ramp.process().descendants().toList();
            assertThat(servers).as("three forked servers").hasSize(3);
            List<Path> dataDirs =
                    servers.stream().map(RampKilledIT::ownedDataDir).toList();
            assertThat(dataDirs).allMatch(Files::isDirectory);

            ramp.process().destroyForcibly();
            assertThat(ramp.process().waitFor(Timeouts.seconds(30).toSeconds(), TimeUnit.SECONDS))
                    .isTrue();

            await().atMost(Timeouts.seconds(30)).until(() -> servers.stream().noneMatch(ProcessHandle::isAlive));
            await().atMost(Timeouts.seconds(10)).until(() -> dataDirs.stream().noneMatch(Files::exists));
            assertThat(dataDirs.get(0).getParent())
                    .as("the ensemble's temporary folder")
                    .doesNotExist();
            assertThat(out.resolve("run.json"))
                    .as("results written so far stay")
                    .isRegularFile();
        }
    }

    @Test
    void cleanRemovesWhatAKilledRampLeftAndNothingElse() throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("256m").build()) {
            zk.start();
            try (ZooKeeper observer = ZkClients.connect(zk.connectString())) {
                // somebody else's znodes: beside our root and outside /zkload
                observer.create("/app", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
                observer.create(
                        "/app/config",
                        "x".getBytes(StandardCharsets.UTF_8),
                        ZooDefs.Ids.OPEN_ACL_UNSAFE,
                        CreateMode.PERSISTENT);
                observer.create("/zkload", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
                observer.create("/zkload/theirs", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);

                Path out = tmp.resolve("remote");
                String root;
                try (RunnerProcess ramp = RunnerProcess.start(
                        tmp,
                        "--connect",
                        zk.connectString(),
                        "--domains",
                        "2",
                        "--step",
                        "1",
                        "--settle",
                        "120s",
                        "--znode-count",
                        "200",
                        "--out",
                        out.toString())) {
                    root = ramp.awaitRoot(out);
                    await().atMost(Timeouts.seconds(120))
                            .until(() -> Znodes.registeredDomains(observer, root + "/sim") == 1);
                    ramp.process().destroyForcibly();
                    assertThat(ramp.process().waitFor(Timeouts.seconds(30).toSeconds(), TimeUnit.SECONDS))
                            .isTrue();
                }
                assertThat(Znodes.tree(observer, root))
                        .as("a killed ramp cleans nothing itself")
                        .hasSizeGreaterThan(1000);

                // the killed run's lock goes with its session, within the session timeout; until then clean says so
                RunnerProcess early = RunnerProcess.run(tmp, "clean", "--connect", zk.connectString(), "--root", root);
                if (early.exitCode() != 0) {
                    assertThat(early.err()).as(early.output()).contains("whose process is gone");
                    // the run's lock and its fleet's claim (at <root>/sim) go with two sessions of their own
                    await().atMost(Timeouts.seconds(60))
                            .until(() -> observer.exists(root + "/zkload.lock", false) == null
                                    && observer.exists(root + "/sim/zkload.lock", false) == null);
                }
                RunnerProcess clean = RunnerProcess.run(tmp, "clean", "--connect", zk.connectString(), "--root", root);
                assertThat(clean.exitCode()).as(clean.output()).isZero();
                assertThat(clean.out()).contains(root);
                assertThat(Znodes.tree(observer, root)).isEmpty();
                assertThat(Znodes.tree(observer, "/app")).containsExactly("/app", "/app/config");
                assertThat(observer.getChildren("/zkload", false)).containsExactly("theirs");
                assertThat(observer.getChildren("/", false)).containsExactlyInAnyOrder("zookeeper", "app", "zkload");
            }
        }
    }

    /** The temporary server folder a forked server deletes if it is orphaned (its launcher's system property). */
    private static Path ownedDataDir(ProcessHandle server) {
        String[] args = server.info().arguments().orElseThrow();
        for (String a : args) {
            if (a.startsWith("-Dzkload.deleteOnOrphan=")) {
                return Path.of(a.substring(a.indexOf('=') + 1));
            }
        }
        throw new AssertionError("no -Dzkload.deleteOnOrphan in " + String.join(" ", args));
    }
}
