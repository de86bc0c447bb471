package dev.zkload.runner.engine.disrupt;

import dev.zkload.runner.engine.experiment.Level;
import java.time.Duration;
import java.util.List;

/**
 * What {@code disrupt} does at each load: hold the level's domains, let them settle, inject one fault,
 * and watch until the ensemble and the fleet are back or the recovery timeout passes.
 *
 * @param levels          the domain counts, one run of the fault at each, in the order given
 * @param fault           the fault
 * @param stall           how long a stall pauses its server; null for the other faults
 * @param server          the server a stall pauses; null for the other faults
 * @param restartDelay    how long a killed leader stays down; null for the other faults
 * @param command         the user's shell command ({@link FaultKind#COMMAND}); null for the others
 * @param settle          how long the load runs before the fault, to learn its steady state
 * @param recoveryTimeout how long after the fault's last action recovery is waited for
 * @param connectTimeout  how long a session of the runner waits to connect
 */
public record DisruptPlan(
        List<Level> levels,
        FaultKind fault,
        Duration stall,
        ServerPick server,
        Duration restartDelay,
        String command,
        Duration settle,
        Duration recoveryTimeout,
        Duration connectTimeout) {
    /** How long every sign of health must hold before the ensemble counts as recovered: one good round is luck. */
    public static final Duration HOLD = Duration.ofSeconds(2);

    static final Duration DEFAULT_RESTART_DELAY = Duration.ofSeconds(5);

    public DisruptPlan {
        levels = List.copyOf(levels);
        if (levels.isEmpty() || levels.stream().anyMatch(l -> l.value() < 1 || l.value() > 100_000)) {
            throw new IllegalArgumentException("--domains takes domain counts from 1 to 100000, got " + levels);
        }
        if (settle.isNegative() || !positive(recoveryTimeout)) {
            throw new IllegalArgumentException("--settle must not be negative and --recovery-timeout must be positive");
        }
        if ((fault == FaultKind.STALL) != (stall != null)) {
            throw new IllegalArgumentException(
                    fault == FaultKind.STALL
                            ? "--fault stall needs --stall DURATION, how long the server is paused"
                            : "--stall is for --fault stall only");
        }
        if (stall != null && !positive(stall)) {
            throw new IllegalArgumentException("--stall must be positive, got " + stall);
        }
        if (server != null && fault != FaultKind.STALL) {
            throw new IllegalArgumentException(
                    "--server picks the server of --fault stall; the other faults name theirs");
        }
        if (restartDelay != null && fault != FaultKind.KILL_LEADER) {
            throw new IllegalArgumentException("--restart-delay is for --fault kill-leader only");
        }
        if (restartDelay != null && restartDelay.isNegative()) {
            throw new IllegalArgumentException("--restart-delay must not be negative, got " + restartDelay);
        }
        if ((fault == FaultKind.COMMAND) != (command != null && !command.isBlank())) {
            throw new IllegalArgumentException("--fault-cmd must not be blank");
        }
    }

    /**
     * The plan from the options as given, with the defaults of the fault filled in.
     *
     * @param fault    {@code --fault}, or null when {@code --fault-cmd} is given
     * @param embedded whether the runner starts the ensemble itself (no {@code --connect})
     * @throws IllegalArgumentException in one sentence, naming the option that is wrong
     */
    public static DisruptPlan of(
            List<Level> levels,
            String fault,
            String command,
            Duration stall,
            String server,
            Duration restartDelay,
            Duration settle,
            Duration recoveryTimeout,
            Duration connectTimeout,
            boolean embedded) {
        if ((fault == null) == (command == null)) {
            throw new IllegalArgumentException("give one of --fault KIND (" + FaultKind.choices()
                    + ") on the embedded ensemble, or --fault-cmd 'COMMAND' against --connect");
        }
        FaultKind kind = command != null ? FaultKind.COMMAND : FaultKind.parse(fault);
        if (kind == FaultKind.COMMAND && embedded) {
            throw new IllegalArgumentException("--fault-cmd runs against --connect ensembles; on the embedded"
                    + " ensemble name the fault with --fault (" + FaultKind.choices() + ")");
        }
        if (kind != FaultKind.COMMAND && !embedded) {
            throw new IllegalArgumentException(
                    "--fault " + kind.id() + " needs the embedded ensemble, whose"
                            + " servers zkload runs; against --connect give --fault-cmd 'COMMAND' to inject the fault yourself");
        }
        ServerPick pick =
                server == null ? (kind == FaultKind.STALL ? ServerPick.FOLLOWER : null) : ServerPick.parse(server);
        Duration delay = restartDelay == null && kind == FaultKind.KILL_LEADER ? DEFAULT_RESTART_DELAY : restartDelay;
        return new DisruptPlan(levels, kind, stall, pick, delay, command, settle, recoveryTimeout, connectTimeout);
    }

    private static boolean positive(Duration d) {
        return !d.isNegative() && !d.isZero();
    }

    /**
     * Whether the fault takes the leader away, so that the others must elect one. A stalled leader does not
     * always: the followers wait for it for their sync limit first (and the command's effect is unknown).
     */
    public boolean strikesLeader() {
        return switch (fault) {
            case RESTART_LEADER, KILL_LEADER, ROLLING_RESTART -> true;
            default -> false;
        };
    }

    /** The fault in words, for the console, run.json and the report. */
    public String describe() {
        return switch (fault) {
            case STALL -> "stall of the " + server + " for " + stall.toSeconds() + " s";
            case KILL_LEADER -> "kill-leader, restarted after " + restartDelay.toSeconds() + " s";
            case COMMAND -> "the command '" + command + "'";
            default -> fault.id();
        };
    }
}
