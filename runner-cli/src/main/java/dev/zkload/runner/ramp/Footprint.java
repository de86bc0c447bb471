package dev.zkload.runner.ramp;

/**
 * What one domain costs the servers, measured (step minus baseline, divided by domains) or
 * expected by the model: counts per domain, rates per second per domain.
 */
public record Footprint(double znodes, double watches, double ephemerals, double sessions, Double writesPerSec,
        Double readsPerSec) {

    /** The fleet's own admin session (it writes the domains' trees) belongs to no domain. */
    private static final int FLEET_SESSIONS = 1;
    /** The root of the run's domains and the /zkload parent belong to no domain either. */
    private static final int ROOT_ZNODES = 2;

    static Footprint measured(StepServerData base, StepServerData now, int domains, Double writesPerSec) {
        return new Footprint(per(now.znodes() - base.znodes() - ROOT_ZNODES, domains),
                per(now.watches() - base.watches(), domains), per(now.ephemerals() - base.ephemerals(), domains),
                per(now.connections() - base.connections() - FLEET_SESSIONS, domains), writesPerSec, null);
    }

    private static double per(long delta, int domains) {
        return Math.round(100.0 * delta / domains) / 100.0;
    }
}
