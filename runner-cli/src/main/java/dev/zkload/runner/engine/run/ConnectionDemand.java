package dev.zkload.runner.engine.run;

import java.util.List;

/**
 * The connections a ramp opens to the ensemble from this runner's address, step by step, and what that
 * asks of one server's {@code maxClientCnxns} (the most connections a server takes from one client
 * address).
 *
 * <p>Every session through the connect string lands on a server the ZooKeeper client picks at random
 * (it shuffles the connect string), so the count on one of {@code s} servers is binomial, not the
 * mean: with {@code n} sessions it is {@code n/s} on average and rarely above
 * {@code n/s + 3·sqrt(n·(1/s)·(1 − 1/s))} (three standard deviations, about one run in 700). A
 * session a full server refuses tries the next server, but each refusal is counted by the server and
 * costs the session up to a second, and the next server may be full too; so a plan is checked against
 * that bound rather than the mean. On top come the connections aimed at one server whichever it is:
 * the step's benchmark session (on the leader, which may be any server) and two statistics connections
 * (the 1 Hz sampler's and an on-demand reading, which may overlap).
 *
 * @param sessionsPerDomain executors plus consoles of one domain of the model, a session each (with a
 *                          model file's mix, those of its largest kind)
 * @param steps             each load step's domains, the whole run's and this runner's share of them
 */
public record ConnectionDemand(int sessionsPerDomain, List<Step> steps) {
    /** zkload's own sessions through the connect string: the run's lock and the fleet's control session. */
    public static final int OWN_SESSIONS = 2;

    /** Connections on one server whichever the client picks: the benchmark's session and two statistics reads. */
    public static final int PINNED = 3;

    /** Standard deviations of the binomial spread a plan must fit within. */
    static final double MARGIN_SIGMAS = 3;

    /**
     * One load step.
     *
     * @param domains  the whole run's domains at this step
     * @param mine     this runner's share of them (all of them unless {@code --shard})
     * @param sessions the simulated sessions of this runner's domains, each of its kind (at most)
     */
    public record Step(int domains, int mine, int sessions) {}

    public ConnectionDemand {
        steps = List.copyOf(steps);
        if (sessionsPerDomain < 1 || steps.isEmpty()) {
            throw new IllegalArgumentException("a demand needs sessions per domain and at least one step");
        }
    }

    /** Sessions this runner opens through the connect string at {@code step}: its domains' and its own. */
    public int sessions(Step step) {
        return step.sessions() + OWN_SESSIONS;
    }

    /** The most connections one of {@code servers} servers must take from this runner at {@code step}. */
    public int perServer(Step step, int servers) {
        int n = sessions(step);
        double p = 1.0 / servers;
        double bound = n * p + MARGIN_SIGMAS * Math.sqrt(n * p * (1 - p));
        // a whole connection, and no floating-point dust: 20.0000001 is 20
        return (int) Math.ceil(bound - 1e-9) + PINNED;
    }

    /** The last step, the plan's largest. */
    public Step last() {
        return steps.get(steps.size() - 1);
    }
}
