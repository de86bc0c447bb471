package dev.zkload.runner.engine.disrupt;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.runner.engine.experiment.LevelFailedException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Injects the plan's fault and returns when its last action is done: the server resumed or serving
 * again, the user's command returned. The embedded ensemble's servers are touched by process (SIGTERM,
 * SIGKILL, SIGSTOP/SIGCONT); a paused server is always resumed, even when the run is interrupted.
 */
final class FaultInjector {
    private static final Duration QUORUM_POLL = Duration.ofMillis(200);

    private final DisruptPlan plan;
    private final LocalEnsemble ensemble;
    private final Path logs;

    /**
     * @param ensemble the embedded ensemble; null against {@code --connect}
     * @param logs     where the user's command's output goes, one file per level
     */
    FaultInjector(DisruptPlan plan, LocalEnsemble ensemble, Path logs) {
        this.plan = plan;
        this.ensemble = ensemble;
        this.logs = logs;
    }

    /**
     * Injects the fault of a level and says what was done, in words.
     *
     * @throws LevelFailedException when the user's command failed: no fault happened as meant
     */
    String inject(int level) throws IOException, InterruptedException {
        return switch (plan.fault()) {
            case RESTART_FOLLOWER -> restart(ServerPick.FOLLOWER.resolve(leader(), ensemble.size()));
            case RESTART_LEADER -> restart(leader());
            case KILL_LEADER -> killLeader();
            case STALL -> stall(plan.server().resolve(leader(), ensemble.size()));
            case ROLLING_RESTART -> rollingRestart();
            case COMMAND -> command(level);
        };
    }

    private int leader() throws IOException {
        int leader = ensemble.leader();
        if (leader < 1) {
            throw new IOException("no server leads, so the fault has no leader or follower to strike");
        }
        return leader;
    }

    private String restart(int id) throws IOException, InterruptedException {
        ensemble.stop(id);
        ensemble.restart(id);
        return "server " + id + " stopped (SIGTERM) and started again";
    }

    private String killLeader() throws IOException, InterruptedException {
        int id = leader();
        ensemble.kill(id);
        TimeUnit.MILLISECONDS.sleep(plan.restartDelay().toMillis());
        ensemble.restart(id);
        return "leader " + id + " killed (SIGKILL), started again "
                + plan.restartDelay().toSeconds() + " s later";
    }

    private String stall(int id) throws IOException, InterruptedException {
        long pid = ensemble.processStats(id).pid();
        try {
            // inside the try: an interrupt while the STOP is under way still sends the CONT
            signal("STOP", pid);
            TimeUnit.MILLISECONDS.sleep(plan.stall().toMillis());
        } finally {
            signal("CONT", pid);
        }
        return "server " + id + " paused (SIGSTOP) for " + plan.stall().toSeconds() + " s";
    }

    /** Followers first, the leader last, as an upgrade goes: one election, not one per server. */
    private String rollingRestart() throws IOException, InterruptedException {
        int leader = leader();
        List<Integer> order = new ArrayList<>();
        for (int id = 1; id <= ensemble.size(); id++) {
            if (id != leader) {
                order.add(id);
            }
        }
        order.add(leader);
        for (int id : order) {
            restart(id);
            awaitQuorum(id);
        }
        return "servers " + order + " restarted in turn";
    }

    private void awaitQuorum(int restarted) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + plan.recoveryTimeout().toNanos();
        while (ensemble.leader() < 1) {
            if (System.nanoTime() > deadline) {
                throw new IOException(
                        "no server led within " + plan.recoveryTimeout().toSeconds() + " s after server " + restarted
                                + " restarted; the rolling restart stopped there");
            }
            TimeUnit.MILLISECONDS.sleep(QUORUM_POLL.toMillis());
        }
    }

    private String command(int level) throws IOException, InterruptedException {
        Path log = logs.resolve("fault-cmd-" + level + ".log");
        Process p = new ProcessBuilder("sh", "-c", plan.command())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        p.getOutputStream().close();
        try {
            int exit = p.waitFor();
            if (exit != 0) {
                // figures of a fault that did not happen would read as a recovery from it
                throw new LevelFailedException("the fault command exited with " + exit + " (its output is in "
                        + log.getFileName() + "), so the fault did not happen as meant and nothing was measured");
            }
            return "the command ran and exited with 0";
        } finally {
            p.destroy();
        }
    }

    private static void signal(String signal, long pid) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid))
                .redirectErrorStream(true)
                .start();
        if (kill.waitFor() != 0) {
            throw new IOException("kill -" + signal + " " + pid + " failed: "
                    + new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip());
        }
    }
}
