package dev.zkload.runner.engine.disrupt;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The faults {@code disrupt} injects, as {@code --fault} names them. */
public enum FaultKind {
    /** A follower stopped (SIGTERM) and started again at once. */
    RESTART_FOLLOWER("restart-follower"),
    /** The leader stopped (SIGTERM) and started again at once: the others elect a new one. */
    RESTART_LEADER("restart-leader"),
    /** The leader killed (SIGKILL), started again after {@code --restart-delay}. */
    KILL_LEADER("kill-leader"),
    /** A server paused (SIGSTOP) for {@code --stall}, then resumed (SIGCONT): a long GC, a full disk. */
    STALL("stall"),
    /** Every server restarted in turn, followers first, each once the others serve with a leader again. */
    ROLLING_RESTART("rolling-restart"),
    /** The user's {@code --fault-cmd}, against an ensemble zkload cannot touch. */
    COMMAND("command");

    private final String id;

    FaultKind(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** The faults a user names with {@code --fault} (the command is {@code --fault-cmd}'s). */
    public static String choices() {
        return Arrays.stream(values())
                .filter(k -> k != COMMAND)
                .map(FaultKind::id)
                .collect(Collectors.joining(", "));
    }

    /**
     * The fault named {@code text}.
     *
     * @throws IllegalArgumentException naming the faults there are
     */
    public static FaultKind parse(String text) {
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        for (FaultKind k : values()) {
            if (k != COMMAND && k.id.equals(wanted)) {
                return k;
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not a fault; the faults are " + choices());
    }
}
