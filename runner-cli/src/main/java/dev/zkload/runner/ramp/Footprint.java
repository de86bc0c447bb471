package dev.zkload.runner.ramp;

/**
 * What one domain costs the servers, measured: a settled reading of the step minus the baseline
 * reading, divided by the domains. The baseline is read once the fleet has started (its root and its
 * own admin session exist) and before any domain is added, so nothing but the domains is in the
 * difference and no constant is subtracted.
 */
public record Footprint(double znodes, double watches, double ephemerals, Double sessions, Double writesPerSec,
        Double readsPerSec) {

    /** @return null when either reading is missing (a server did not answer) */
    public static Footprint measured(StepServerData base, StepServerData now, int domains, Double writesPerSec) {
        if (base == null || now == null || domains < 1) {
            return null;
        }
        Double sessions = base.sessions() == null || now.sessions() == null ? null
                : per(now.sessions() - base.sessions(), domains);
        return new Footprint(per(now.znodes() - base.znodes(), domains), per(now.watches() - base.watches(), domains),
                per(now.ephemerals() - base.ephemerals(), domains), sessions, writesPerSec, null);
    }

    private static double per(long delta, int domains) {
        return Math.round(100.0 * delta / domains) / 100.0;
    }
}
