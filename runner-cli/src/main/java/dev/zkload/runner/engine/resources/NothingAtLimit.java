package dev.zkload.runner.engine.resources;

import dev.zkload.runner.result.HostUsage;
import dev.zkload.runner.result.LeaderStages;
import dev.zkload.runner.result.ServerUsage;
import dev.zkload.runner.result.Stage;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.text.Amounts;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a verdict says when no rule of {@link LimitingResource} held: what was measured of the leader and the
 * machine, and the stage of a write that grew most since the last stable step.
 */
final class NothingAtLimit {
    private NothingAtLimit() {}

    static String sentence(StepResult at, ServerUsage lu, StepResult stable) {
        List<String> measured = new ArrayList<>();
        if (lu != null && lu.cpuCores() != null) {
            measured.add("the leader used " + Amounts.cores(lu.cpuCores())
                    + (lu.mayUseCores() == null ? "" : " of " + Amounts.coresNoun(lu.mayUseCores()))
                    + (lu.hottestThread() == null
                            ? ""
                            : " (its busiest thread, " + lu.hottestThread() + ", "
                                    + Amounts.cores(lu.hottestThreadCores()) + ")"));
        }
        HostUsage h = at.resources() == null ? null : at.resources().host();
        if (h != null) {
            measured.add(String.format(Locale.ROOT, "this machine was %.0f%% busy", h.busyPercent()));
        }
        if (lu != null && lu.fsync() != null) {
            measured.add(String.format(
                    Locale.ROOT, "fsyncs averaged %.1f ms", lu.fsync().meanMs()));
        }
        growth(at.stages(), stable == null ? null : stable.stages()).ifPresent(measured::add);
        return "no single observed resource was at its limit"
                + (measured.isEmpty() ? "" : ": " + String.join(", ", measured));
    }

    /** The stage of a write whose time grew most since the last stable step, in words. */
    static Optional<String> growth(LeaderStages at, LeaderStages before) {
        if (at == null || before == null) {
            return Optional.empty();
        }
        Stage most = null;
        double grew = 0;
        for (Stage s : at.path(true)) {
            if (at.of(s) == null || before.of(s) == null) {
                continue;
            }
            double d = at.of(s).meanMs() - before.of(s).meanMs();
            if (d > grew) {
                grew = d;
                most = s;
            }
        }
        if (most == null) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "a request's time at the leader grew most in the %s (%.1f → %.1f ms)",
                most.label(),
                before.of(most).meanMs(),
                at.of(most).meanMs()));
    }
}
