package dev.zkload.runner.engine.resources;

import dev.zkload.runner.result.HostUsage;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.text.Amounts;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * This machine too busy to measure anything but itself: its cores at their limit ({@link #BUSY_PERCENT} busy, or
 * {@link #STEAL_PERCENT} stolen by the hypervisor) while other processes and the hypervisor took a material share
 * of them ({@link #OTHERS_PERCENT} of the cores), or a share no reading could tell. On such a machine every party
 * is starved at once — the runner's fires and statistics rounds run late, its heartbeats and its reads of the
 * servers go unanswered in time, the servers' own threads wait for a core — so what the step saw there tells
 * nothing of the ensemble unless a server itself said it (an election, a throttle counter).
 *
 * <p>A machine at its limit with zkload's own processes alone (the runner and its embedded servers on two cores)
 * is not this: it is the {@code this-machine} limit of a saturated step, and the answer is still measured.
 *
 * @param usage the machine's reading over the window it was too busy in
 */
public record BusyHost(HostUsage usage) {
    /** Cores busy at least this share of the time are at their limit, %. */
    public static final double BUSY_PERCENT = 90;
    /** The hypervisor taking at least this share puts a machine at its limit, %. */
    public static final double STEAL_PERCENT = 10;
    /** Other processes and the hypervisor taking at least this share of the cores took a material share, %. */
    public static final double OTHERS_PERCENT = 10;

    /** The machine over {@code h}'s window, when it was too busy to measure; empty when it was not, or not read. */
    public static Optional<BusyHost> of(HostUsage h) {
        if (!atLimit(h)) {
            return Optional.empty();
        }
        Double others = othersPercent(h);
        return others == null || others >= OTHERS_PERCENT ? Optional.of(new BusyHost(h)) : Optional.empty();
    }

    /**
     * The machine during a step, when it was too busy to measure over its settled load or while its domains
     * registered: the settled load's reading first.
     */
    public static Optional<BusyHost> during(StepResult s) {
        Optional<BusyHost> settled = settled(s);
        return settled.isPresent() ? settled : of(s.hostDuringAdd());
    }

    /** The machine over a step's settled load, when it was too busy to measure it. */
    public static Optional<BusyHost> settled(StepResult s) {
        return of(s.resources() == null ? null : s.resources().host());
    }

    /** The machine's cores were at their limit over the window, whoever took them; false when not read. */
    public static boolean atLimit(HostUsage h) {
        return h != null && (h.busyPercent() >= BUSY_PERCENT || h.stealPercent() >= STEAL_PERCENT);
    }

    /** Other processes' and the hypervisor's share of the cores, %; null when who used them was not read. */
    public static Double othersPercent(HostUsage h) {
        return h == null || h.otherCores() == null || h.cores() == 0
                ? null
                : 100.0 * h.otherCores() / h.cores() + h.stealPercent();
    }

    /**
     * "this machine was too busy to measure: other processes took 1.39 of the 2 cores (99% busy; the runner 0.08,
     * the servers 0.50)".
     */
    public String headline() {
        return "this machine was too busy to measure: " + evidence();
    }

    /** What took the machine: "other processes took 1.39 of the 2 cores (99% busy; the runner 0.08, …)". */
    public String evidence() {
        HostUsage h = usage;
        List<String> took = new ArrayList<>();
        if (h.otherCores() != null && 100.0 * h.otherCores() / h.cores() >= 1) {
            took.add("other processes took " + Amounts.cores(h.otherCores()) + " of the "
                    + Amounts.coresNoun(h.cores()));
        }
        if (h.stealPercent() >= 1) {
            took.add(String.format(Locale.ROOT, "the hypervisor stole %.0f%% of them", h.stealPercent()));
        }
        if (h.otherCores() == null) {
            took.add("its " + Amounts.coresNoun(h.cores()) + " were at their limit, and who took them could not all be"
                    + " read");
        }
        List<String> ours = new ArrayList<>();
        if (h.runnerCores() != null) {
            ours.add("the runner " + Amounts.cores(h.runnerCores()));
        }
        if (h.serversCores() != null && h.serversCores() > 0) {
            ours.add("the servers " + Amounts.cores(h.serversCores()));
        }
        return String.join(" and ", took)
                + String.format(Locale.ROOT, " (%.0f%% busy", h.busyPercent())
                + (ours.isEmpty() ? "" : "; " + String.join(", ", ours))
                + ")";
    }
}
