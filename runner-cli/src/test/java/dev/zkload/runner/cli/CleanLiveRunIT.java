package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.client.Connections;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.runner.ExitCodes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code clean} beside a live {@code simulate}: it lists, refuses, and only then removes. */
class CleanLiveRunIT {

    @Test
    void aLiveRunsRootIsListedAndRefusedAndWhatARunLeavesIsRemovedWithItsEmptyParent(@TempDir Path dir)
            throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("256m").build()) {
            zk.start();
            String hosts = zk.connectString();
            ZooKeeper observer = Connections.open(hosts, Duration.ofSeconds(30), Duration.ofSeconds(30), null);
            AtomicReference<CliRun> simulate = new AtomicReference<>();
            Thread live = new Thread(() -> simulate.set(CliRun.of(
                    "simulate",
                    "--connect",
                    hosts,
                    "--domains",
                    "1",
                    "--duration",
                    "10m",
                    "--jobs-per-domain",
                    "3",
                    "--out",
                    dir.resolve("sim").toString())));
            live.start();
            try {
                await().atMost(Duration.ofSeconds(60))
                        .until(() -> !live.isAlive()
                                || (observer.exists("/zkload", false) != null
                                        && !observer.getChildren("/zkload", false)
                                                .isEmpty()));
                assertThat(live.isAlive())
                        .as("simulate ended early: %s", simulate.get())
                        .isTrue();
                String root =
                        "/zkload/" + observer.getChildren("/zkload", false).get(0);
                // the run's lock, and inside its root the run's fleet with its own claim and its domain
                await().atMost(Duration.ofSeconds(60))
                        .ignoreExceptions()
                        .until(() ->
                                observer.getChildren(root, false).containsAll(java.util.List.of("zkload.lock", "sim"))
                                        && observer.getChildren(root + "/sim", false)
                                                .containsAll(java.util.List.of("zkload.lock", "d-0000")));
                long session = observer.exists(root + "/zkload.lock", false).getEphemeralOwner();

                CliRun dryRun = CliRun.of("clean", "--connect", hosts, "--root", "/zkload", "--dry-run");
                assertThat(dryRun.exitCode()).as(dryRun.err()).isEqualTo(ExitCodes.OK);
                assertThat(dryRun.out())
                        .containsPattern("Holds \\d+ znodes under /zkload:")
                        .containsPattern("\\d+  " + root + "  \\(LIVE: simulate ")
                        .contains("session 0x" + Long.toHexString(session))
                        .contains("Nothing was removed (--dry-run). Without it, clean would refuse: /zkload is in use"
                                + " by a live run (simulate ");

                for (String target : new String[] {root, "/zkload"}) {
                    CliRun refused = CliRun.of("clean", "--connect", hosts, "--root", target);
                    assertThat(refused.exitCode()).as(refused.err()).isEqualTo(ExitCodes.RUNTIME_FAILURE);
                    assertThat(refused.err())
                            .startsWith("zkload: " + target + " is in use by a live run (simulate ")
                            .contains("session 0x" + Long.toHexString(session))
                            .contains("add --force");
                }
                assertThat(observer.exists(root + "/zkload.lock", false))
                        .as("nothing was removed")
                        .isNotNull();
            } finally {
                live.interrupt();
                live.join(Duration.ofMinutes(2).toMillis());
            }
            assertThat(simulate.get().exitCode()).as(simulate.get().err()).isEqualTo(ExitCodes.INTERRUPTED);
            assertThat(observer.exists("/zkload", false))
                    .as("the interrupted run removed its root and /zkload")
                    .isNull();

            // what a run with --keep (or a killed one) leaves: no lock, so clean removes it, and /zkload with it
            CliRun kept = CliRun.of(
                    "--connect",
                    hosts,
                    "--domains",
                    "1",
                    "--step",
                    "1",
                    "--settle",
                    "1s",
                    "--sustain",
                    "2s",
                    "--znode-count",
                    "20",
                    "--jobs-per-domain",
                    "2",
                    "--keep",
                    "--out",
                    dir.resolve("kept").toString());
            assertThat(kept.exitCode()).as(kept.err()).isEqualTo(ExitCodes.OK);
            assertThat(kept.out())
                    .containsPattern(
                            "remove them with: java -jar \\S+ clean --connect " + hosts + " --root /zkload/ramp-\\S+");
            String keptRoot = kept.out().replaceAll("(?s).*--root (/zkload/ramp-\\S+).*", "$1");
            CliRun clean = CliRun.of("clean", "--connect", hosts, "--root", keptRoot);
            assertThat(clean.exitCode()).as(clean.err()).isEqualTo(ExitCodes.OK);
            assertThat(clean.out())
                    .containsPattern("Removed \\d+ znodes under " + keptRoot + ", and the empty /zkload it left.");
            assertThat(observer.getChildren("/", false)).containsExactly("zookeeper");
            observer.close();
        }
    }
}
