package dev.zkload.sim;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import org.apache.zookeeper.CreateMode;

/**
 * A job's leader election on one executor, as Saturn's LeaderElectionService and ElectionListenerManager
 * run it: a LeaderLatch round at the job's init, whose winner writes the ephemeral
 * {@code leader/election/host} with its name; and on every change of that host (the executor's NodeCache
 * on it), whether this executor leads now and, when nobody does ({@code exists}), another round. That is
 * what brings the job's leader back when the old leader's session ends.
 */
final class JobElection {
    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private JobElection() {}

    /** ElectionListenerManager's listener: the host changed (its data, or null when it is gone). */
    static void leaderChanged(Executor x, String job, Executor.JobState js, byte[] host) {
        Zk zk = x.session.zk();
        if (zk == null || x.closed() || x.jobs.get(job) != js) {
            return;
        }
        js.leader = names(host, x.name);
        x.session.watch(
                zk.exists(x.l.job(job) + "/leader/election/host", null)
                        .thenCompose(s -> s != null ? DONE : elect(x, job, js)),
                FailureKind.ELECTION);
    }

    /** A LeaderLatch round on the job's latch; its winner writes the ephemeral host with its name, and reads it back. */
    static CompletableFuture<Void> elect(Executor x, String job, Executor.JobState js) {
        Zk zk = x.session.zk();
        if (zk == null) {
            return DONE;
        }
        String host = x.l.job(job) + "/leader/election/host";
        return LeaderLatch.round(
                        zk,
                        x.l.ns,
                        x.l.job(job) + "/leader/election/latch",
                        x.name,
                        x.l.latchParents(),
                        () -> zk.exists(host, null)
                                .thenCompose(s -> s != null
                                        ? CompletableFuture.completedFuture(false)
                                        : zk.create(host, Executor.bytes(x.name), CreateMode.EPHEMERAL)
                                                .thenCompose(v -> zk.getData(host, null))
                                                .thenApply(d -> {
                                                    js.leader = names(d, x.name);
                                                    return js.leader;
                                                })))
                .thenApply(took -> null);
    }

    private static boolean names(byte[] host, String executor) {
        return host != null && executor.equals(new String(host, StandardCharsets.UTF_8));
    }
}
