package dev.zkload.runner.result;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * What wrote a results folder: the command {@code run.json} names. Every place that treats folders by what wrote
 * them switches on this, exhaustively and without a {@code default}: a new experiment is a new constant here, and
 * the compiler then names each place that must learn it (its threshold catalog, its report's shape, how its
 * measurements are read).
 */
public enum RunKind {
    /** The capacity ramp: steps of domains, {@code steps.jsonl} and a ramp's {@code summary.json}. */
    RAMP("ramp", false),
    /** A latency benchmark against fixed targets: {@code latency.json}, no summary. */
    LATENCY("latency", false),
    /** The simulated fleet alone, held for a while: {@code simulation.json}, no steps. */
    SIMULATE("simulate", false),
    /** The experiments: a sweep of levels, {@code levels.jsonl} and an experiment's {@code summary.json}. */
    CONNECTIONS("connections", true),
    ZNODES("znodes", true),
    DATA_SIZE("data-size", true),
    WATCHES("watches", true),
    MAX_RATE("max-rate", true),
    DISRUPT("disrupt", true);

    private final String command;
    private final boolean sweep;

    RunKind(String command, boolean sweep) {
        this.command = command;
        this.sweep = sweep;
    }

    /** The command's name, as {@code run.json} and the command line spell it ({@code data-size}). */
    public String command() {
        return command;
    }

    /** Whether its folder is an experiment's sweep of levels ({@code levels.jsonl}), read as {@link SweepResults}. */
    public boolean isSweep() {
        return sweep;
    }

    /**
     * The kind {@code run.json}'s command names.
     *
     * @throws IllegalArgumentException for a command this zkload does not know (a newer zkload's, or none),
     *                                  saying which it knows
     */
    public static RunKind of(String command) {
        for (RunKind k : values()) {
            if (k.command.equals(command)) {
                return k;
            }
        }
        String known = Arrays.stream(values()).map(RunKind::command).collect(Collectors.joining(", "));
        throw new IllegalArgumentException(
                (command == null ? "no command is named" : "'" + command + "' is not a command whose results")
                        + " this zkload reads (it reads " + known + ")");
    }

    @Override
    public String toString() {
        return command;
    }
}
