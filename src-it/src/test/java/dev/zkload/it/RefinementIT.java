package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ramp's refinement, as a process against a real server: the grid (2, 4, 6 domains) saturates at 6,
 * the bisection judges 5, and the answer lies strictly between the grid's last stable and first saturated
 * counts, with the refinement step marked in steps.jsonl and summary.json.
 *
 * <p>The saturation must not depend on how busy this shared machine happens to be, so the test makes it
 * a function of the domain count: while 6 or more of the run's domains are up, a client of its own keeps
 * hundreds of writes in flight to a znode of the test's own, which holds the leader's outstanding requests
 * far above the threshold; below 6, it writes nothing and the queue is empty. The ensemble then carries
 * exactly 5 domains, whatever else runs on the machine.
 */
// ZooKeeper.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
class RefinementIT {
    private static final int SATURATING_DOMAINS = 6;
    private static final String LOAD = "/refinement-it-load";

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path tmp;

    @Test
    void theRefinedAnswerLiesBetweenTheGridsStepsAndItsStepsAreMarked() throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("256m").build()) {
            zk.start();
            Path out = tmp.resolve("refined");
            ScheduledExecutorService watcher = Executors.newSingleThreadScheduledExecutor();
            AtomicBoolean flooding = new AtomicBoolean();
            try (RunnerProcess ramp = RunnerProcess.start(
                            tmp,
                            "--connect",
                            zk.connectString(),
                            "--domains",
                            "8",
                            "--step",
                            "2",
                            "--jobs-per-domain",
                            "5",
                            "--settle",
                            "3s",
                            "--sustain",
                            "4s",
                            "--outstanding-threshold",
                            "100",
                            "--resolution",
                            "1",
                            "--znode-count",
                            "100",
                            "--out",
                            out.toString());
                    ZooKeeper observer = ZkClients.connect(zk.connectString());
                    ZooKeeper loader = ZkClients.connect(zk.connectString())) {
                String sim = RampFaultIT.awaitRoot(ramp, out) + "/sim";
                var unused = watcher.scheduleWithFixedDelay(
                        () -> flooding.set(namespaces(observer, sim) >= SATURATING_DOMAINS),
                        0,
                        200,
                        TimeUnit.MILLISECONDS);
                loader.create(LOAD, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
                Semaphore inFlight = new Semaphore(600);
                byte[] payload = new byte[2048];
                while (ramp.process().isAlive()) {
                    if (flooding.get() && inFlight.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                        loader.setData(LOAD, payload, -1, (rc, path, ctx, stat) -> inFlight.release(), null);
                    } else if (!flooding.get()) {
                        ramp.process().waitFor(100, TimeUnit.MILLISECONDS);
                    }
                }
                watcher.shutdownNow();

                assertThat(ramp.awaitExit(Timeouts.seconds(30)))
                        .as(ramp.output())
                        .isZero();
                JsonNode summary = RunnerProcess.json(out.resolve("summary.json"));
                List<JsonNode> steps = RunnerProcess.jsonLines(out.resolve("steps.jsonl"));
                String context = ramp.output();
                assertThat(steps.stream()
                                .map(s -> s.path("domains").asInt() + ":"
                                        + s.path("verdict").asText()))
                        .as(context)
                        .containsExactly("0:baseline", "2:stable", "4:stable", "6:saturated", "5:stable");
                assertThat(steps.stream().map(s -> s.path("refinement").asBoolean()))
                        .as("only the bisection's step is marked")
                        .containsExactly(false, false, false, false, true);
                assertThat(summary.path("stopReason").asText()).isEqualTo("saturated");
                assertThat(summary.path("maxStableDomains").asInt())
                        .as("strictly between the grid's last stable (4) and first saturated (6)")
                        .isEqualTo(5);
                assertThat(summary.path("saturatedAtDomains").asInt()).isEqualTo(6);
                JsonNode refinement = summary.path("refinement");
                assertThat(refinement.path("complete").asBoolean())
                        .as(refinement.toString())
                        .isTrue();
                assertThat(refinement.path("gridMaxStable").asInt()).isEqualTo(4);
                assertThat(refinement.path("gridSaturatedAt").asInt()).isEqualTo(6);
                assertThat(refinement.path("visited").toString()).isEqualTo("[5]");
                assertThat(summary.path("verdict").asText())
                        .startsWith("The ensemble saturated at 6 domains; max stable domains: 5 (refined by bisection"
                                + " between the grid's 4 and 6 to within 1 domain)");
                assertThat(ramp.out()).contains("Refining between 4 and 6 domains by bisection");
                assertThat(Znodes.tree(observer, sim))
                        .as("the run removed its domains")
                        .isEmpty();
            } finally {
                watcher.shutdownNow();
            }
        }
    }

    /** The run's domains whose namespace znode exists (removed domains go with theirs). */
    private static int namespaces(ZooKeeper zk, String sim) {
        try {
            return (int) zk.getChildren(sim, false).stream()
                    .filter(c -> c.startsWith("d-"))
                    .count();
        } catch (KeeperException | InterruptedException e) {
            return 0;
        }
    }
}
