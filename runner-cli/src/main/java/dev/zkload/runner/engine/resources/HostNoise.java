package dev.zkload.runner.engine.resources;

import dev.zkload.runner.result.HostUsage;
import dev.zkload.runner.result.StepResult;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How much of this machine's CPU neither zkload nor its servers had during the load steps: other processes, and
 * the hypervisor's steal. Past {@link BusyHost#OTHERS_PERCENT} of the cores, the answer may move with them,
 * and the verdict says so.
 *
 * @param worstPercent the most, over the load steps that observed it, % of the cores; null when none did
 * @param worst        the step it was at; null with it
 */
public record HostNoise(Double worstPercent, StepResult worst) {

    public static HostNoise of(List<StepResult> load) {
        Double most = null;
        StepResult at = null;
        for (StepResult s : load) {
            Double p = percent(s);
            if (p != null && (most == null || p > most)) {
                most = p;
                at = s;
            }
        }
        return new HostNoise(most == null ? null : Math.round(most * 10) / 10.0, at);
    }

    /** Other processes' and the hypervisor's share of the cores over a step's settled load; null when not observed. */
    public static Double percent(StepResult s) {
        return BusyHost.othersPercent(
                s.resources() == null ? null : s.resources().host());
    }

    /** The qualification a noisy host puts on the verdict; empty when the host was quiet. */
    public Optional<String> qualification() {
        if (worstPercent == null || worstPercent < BusyHost.OTHERS_PERCENT) {
            return Optional.empty();
        }
        HostUsage h = worst.resources().host();
        return Optional.of(String.format(
                Locale.ROOT,
                "Noisy host: at %d domains, processes other than zkload and its servers took %.2f of the %d cores"
                        + " (%.0f%%)%s; an answer measured beside them may move with them (see resources in"
                        + " steps.jsonl).",
                worst.domains(),
                h.otherCores(),
                h.cores(),
                100.0 * h.otherCores() / h.cores(),
                h.stealPercent() >= 1
                        ? String.format(Locale.ROOT, " and the hypervisor stole %.0f%%", h.stealPercent())
                        : ""));
    }
}
