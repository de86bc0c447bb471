package dev.zkload.runner.engine.resources;

import dev.zkload.runner.result.StepResult;
import java.util.List;

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
}
