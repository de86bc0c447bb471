package dev.zkload.bench.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.result.HistogramLogs;
import dev.zkload.bench.result.OpStats;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.bench.result.TargetResult;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.ACL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The seven-op benchmark against a real forked server. */
class LatencyBenchmarkIT {
    private static final List<String> SEVEN =
            List.of("create", "set", "get", "delete", "createEphemeral", "watch", "deleteEphemeral");
    private static LocalEnsemble zk;
    private static ZooKeeper observer;

    @BeforeAll
    static void start() throws Exception {
        zk = LocalEnsemble.builder().servers(1).heap("256m").build();
        zk.start();
        observer = ZkClients.connect(zk.connectString());
    }

    @AfterAll
    static void stop() throws Exception {
        observer.close();
        zk.close();
    }

    private static LatencyConfig.Builder config() {
        return LatencyConfig.builder(zk.connectString())
                .znodeCount(200)
                .znodeSize(100)
                .window(50)
                .rate(2000);
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void everyOpRunsOverEveryZnodeWithoutErrorsAndLeavesNothing(Mode mode) throws Exception {
        LatencyRun run =
                LatencyBenchmark.run(config().mode(mode).watchMultiple(2).build(), LatencyListener.NONE);
        assertThat(run.report().interrupted()).isFalse();
        TargetResult result = run.report().targets().get(0);
        assertThat(result.ops().keySet()).containsExactlyElementsOf(SEVEN);
        for (OpStats s : result.ops().values()) {
            assertThat(s.count()).isEqualTo(200);
            assertThat(s.errors()).isZero();
            assertThat(s.opsPerSec()).isPositive();
            assertThat(s.p50Ms()).isPositive().isLessThanOrEqualTo(s.p99Ms());
            assertThat(s.p99Ms()).isLessThanOrEqualTo(s.maxMs());
        }
        assertThat(result.watchNotifications().expected()).isEqualTo(600);
        assertThat(result.watchNotifications().received()).isEqualTo(600);
        assertThat(result.watchNotifications().untilAllMs()).isPositive();
        if (mode == Mode.RATE) {
            // 200 calls at 2000/s: the open loop never runs ahead of its schedule (how far behind a busy
            // machine leaves it is the latency the rate mode exists to measure, not a failure)
            assertThat(result.ops().get("get").opsPerSec()).isPositive().isLessThanOrEqualTo(2600.0);
        }
        assertThat(observer.exists("/zkload", false))
                .as("root and the /zkload parent it created are gone")
                .isNull();
    }

    @Test
    void perServerRunsEachServerOfA3ServerEnsemble() throws Exception {
        try (LocalEnsemble three =
                LocalEnsemble.builder().servers(3).heap("256m").build()) {
            three.start();
            LatencyRun run = LatencyBenchmark.run(
                    LatencyConfig.builder(three.connectString())
                            .znodeCount(50)
                            .perServer(true)
                            .build(),
                    LatencyListener.NONE);
            assertThat(run.report().targets())
                    .extracting(TargetResult::target)
                    .containsExactlyElementsOf(
                            three.servers().stream().map(s -> s.hostPort()).toList());
            assertThat(run.report().targets())
                    .allSatisfy(t -> assertThat(t.ops().get("create").count()).isEqualTo(50));
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = Mode.class,
            names = {"SYNC", "ASYNC"})
    void aTimeLimitEndsEachPhaseEarlyAndTheNextPhasesWorkOnTheZnodesItReached(Mode mode) throws Exception {
        // far more znodes than 150 ms of any phase reaches on one server
        LatencyConfig limited = config().mode(mode)
                .znodeCount(1_000_000)
                .timeLimit(java.time.Duration.ofMillis(150))
                .build();
        LatencyRun run = LatencyBenchmark.run(limited, LatencyListener.NONE);
        Map<String, OpStats> ops = run.report().targets().get(0).ops();
        long created = ops.get("create").count();
        assertThat(created).isPositive().isLessThan(1_000_000);
        for (String op : List.of("set", "get", "delete")) {
            assertThat(ops.get(op).count()).as(op).isPositive().isLessThanOrEqualTo(created);
            assertThat(ops.get(op).errors())
                    .as("%s only touches znodes that exist", op)
                    .isZero();
        }
        long ephemerals = ops.get("createEphemeral").count();
        assertThat(ops.get("watch").count()).isLessThanOrEqualTo(ephemerals);
        assertThat(ops.get("deleteEphemeral").errors()).isZero();
        var notifications = run.report().targets().get(0).watchNotifications();
        assertThat(notifications.received())
                .as("every watched znode deleted notified")
                .isEqualTo(notifications.expected());
        assertThat(observer.exists(limited.root(), false)).isNull();
    }

    @Test
    void theWarmUpIsNotRecordedAndLeavesNothing() throws Exception {
        AtomicReference<String> warmedUp = new AtomicReference<>();
        LatencyRun run = LatencyBenchmark.run(config().warmup(300).build(), new LatencyListener() {
            @Override
            public void warmingUp(String target) {
                warmedUp.set(target);
            }
        });
        assertThat(warmedUp.get()).isEqualTo(zk.connectString());
        for (OpStats s : run.report().targets().get(0).ops().values()) {
            assertThat(s.count()).as("only the 200 measured calls").isEqualTo(200);
        }
        assertThat(run.report().targets().get(0).watchNotifications().received())
                .as("the warm-up's own watches are not counted")
                .isEqualTo(200);
        assertThat(observer.exists(run.report().root(), false)).isNull();
    }

    @Test
    void rootsOutsideZkloadsOwnAreRefused() {
        for (String bad : List.of("/", "/zookeeper", "/zookeeper/quota", "relative", "/a//b", "/a/")) {
            assertThatThrownBy(() -> config().root(bad).build())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(bad.equals("/") ? "root / is refused" : "root");
        }
    }

    @Test
    void aNonEmptyRootNeedsForceAndIsThenClearedAndRemoved() throws Exception {
        observer.create("/busy", "zkload".getBytes(StandardCharsets.UTF_8), Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        observer.create("/busy/left-over", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        assertThatThrownBy(() -> LatencyBenchmark.run(config().root("/busy").build(), LatencyListener.NONE))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("--force");
        assertThat(observer.exists("/busy/left-over", false))
                .as("refusing touched nothing")
                .isNotNull();

        LatencyRun run = LatencyBenchmark.run(config().root("/busy").force(true).build(), LatencyListener.NONE);
        assertThat(run.report().targets().get(0).ops().get("create").errors()).isZero();
        assertThat(observer.exists("/busy", false)).isNull();
    }

    @Test
    void failedCallsAreCountedByCodeNeverSwallowed() throws Exception {
        // a root where nobody may create children: every create fails NOAUTH, so every later call on
        // those znodes fails NONODE
        List<ACL> noCreate = new java.util.ArrayList<>(
                List.of(new ACL(ZooDefs.Perms.ALL & ~ZooDefs.Perms.CREATE, Ids.ANYONE_ID_UNSAFE)));
        observer.create("/locked", new byte[0], noCreate, CreateMode.PERSISTENT);
        LatencyRun run = LatencyBenchmark.run(config().root("/locked").build(), LatencyListener.NONE);
        Map<String, OpStats> ops = run.report().targets().get(0).ops();
        assertThat(ops.get("create").errorsByCode()).containsExactly(Map.entry("NOAUTH", 200L));
        assertThat(ops.get("set").errorsByCode()).containsExactly(Map.entry("NONODE", 200L));
        assertThat(ops.get("get").errors()).isEqualTo(200);
        assertThat(ops.get("delete").errorsByCode()).containsExactly(Map.entry("NONODE", 200L));
        assertThat(ops.get("createEphemeral").errorsByCode()).containsExactly(Map.entry("NOAUTH", 200L));
        assertThat(observer.exists("/locked", false)).isNull();
    }

    @Test
    void anInterruptEndsTheRunEarlyKeepsWhatFinishedAndCleansUp() throws Exception {
        AtomicReference<LatencyRun> result = new AtomicReference<>();
        AtomicReference<Boolean> flagAfter = new AtomicReference<>();
        Thread worker = new Thread(() -> {
            try {
                result.set(LatencyBenchmark.run(config().znodeCount(2000).build(), new LatencyListener() {
                    @Override
                    public void phaseStarted(String target, Op op, int count) {
                        if (op == Op.GET) {
                            Thread.currentThread().interrupt();
                        }
                    }
                }));
                flagAfter.set(Thread.currentThread().isInterrupted());
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        worker.start();
        worker.join();
        LatencyRun run = result.get();
        assertThat(run.report().interrupted()).isTrue();
        assertThat(flagAfter.get()).as("the interrupt is passed on").isTrue();
        assertThat(run.report().targets().get(0).ops()).containsOnlyKeys("create", "set");
        assertThat(observer.exists("/zkload", false))
                .as("root removed after the interrupt")
                .isNull();
    }

    @Test
    void interruptsLandingAtAnyMomentLeaveNothingBehind() throws Exception {
        // a ramp cuts its benchmark whenever the leader saturates: while it creates its root, in a phase, or while it
        // removes its znodes; each run here is interrupted again and again from a moment further into it
        for (int delayMs = 0; delayMs < 400; delayMs += 50) {
            AtomicReference<Throwable> failed = new AtomicReference<>();
            Thread worker = new Thread(() -> {
                try {
                    LatencyBenchmark.run(config().warmup(50).build(), LatencyListener.NONE);
                } catch (Throwable e) {
                    failed.set(e);
                }
            });
            worker.start();
            // the first interrupt lands this far into the run, or at its end if sooner (join(0) would wait for the end)
            if (delayMs > 0) {
                worker.join(delayMs);
            }
            long deadline = System.nanoTime() + Timeouts.seconds(60).toNanos();
            while (worker.isAlive() && System.nanoTime() < deadline) {
                worker.interrupt();
                worker.join(1);
            }
            assertThat(worker.isAlive())
                    .as("a run interrupted from %d ms on ended", delayMs)
                    .isFalse();
            assertThat(failed.get()).as("interrupted after %d ms", delayMs).isNull();
            assertThat(observer.exists("/zkload", false))
                    .as("nothing left by a run interrupted from %d ms on", delayMs)
                    .isNull();
        }
    }

    @Test
    void histogramLogsAndJsonKeepTheContract(@TempDir Path dir) throws Exception {
        LatencyRun run = LatencyBenchmark.run(config().build(), LatencyListener.NONE);
        run.writeHistogramLogs(dir, "latency");
        Path log = dir.resolve("latency-1-" + zk.connectString().replace(':', '_') + ".hlog");
        Map<String, Histogram> back = HistogramLogs.read(log);
        assertThat(back.keySet()).containsExactlyElementsOf(SEVEN);
        OpStats get = run.report().targets().get(0).ops().get("get");
        assertThat(back.get("get").getValueAtPercentile(99) / 1000.0)
                .isCloseTo(get.p99Ms(), org.assertj.core.api.Assertions.within(0.001));
        assertThat(back.get("get").getTotalCount()).isEqualTo(200);

        String json = ResultJson.compact().writeValueAsString(get);
        assertThat(json)
                .startsWith("{\"count\":200,\"errors\":0,\"opsPerSec\":")
                .contains("\"p50Ms\":", "\"p90Ms\":", "\"p99Ms\":", "\"p999Ms\":", "\"maxMs\":", "\"errorsByCode\":{}");
        String report = ResultJson.compact().writeValueAsString(run.report());
        assertThat(report).contains("\"startTime\":\"20", "\"mode\":\"sync\"", "\"deleteEphemeral\":{");
    }
}
