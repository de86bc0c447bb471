package dev.zkload.runner.engine.resources;

import dev.zkload.runner.result.DeliveredWork;
import dev.zkload.runner.result.GeneratorHealth;
import dev.zkload.runner.result.HostUsage;
import dev.zkload.runner.result.LimitedBy.Resource;
import dev.zkload.runner.result.Saturation;
import dev.zkload.runner.result.ServerUsage;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.text.Durations;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The rules that name a throttle: a server's own counter of requests it held back or shed, or, with positive
 * evidence that the work was held back between a runner that kept up and servers that had the cores, the domains'
 * work short under a low queue (docs/verdict.md, "Why it saturated").
 */
final class ThrottleRules {
    /** The runner's fires started within this of their instants at the 99th percentile: on time, ms. */
    static final double FIRES_ON_TIME_MS = 1000;

    private ThrottleRules() {}

    /** A throttle counter that rose on any server. */
    static Optional<LimitingResource.Finding> throttled(StepResult at) {
        if (at.resources() != null) {
            for (Map.Entry<String, ServerUsage> s : at.resources().servers().entrySet()) {
                if (!s.getValue().throttled().isEmpty()) {
                    List<String> rose = new ArrayList<>();
                    s.getValue().throttled().forEach((k, n) -> rose.add(k + " rose by " + n));
                    return Optional.of(new LimitingResource.Finding(
                            Resource.THROTTLE,
                            s.getKey(),
                            String.join(", ", rose) + " on " + s.getKey() + role(s.getValue())
                                    + ": the server held back or shed requests"));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The domains' work fell short while the leader's queue did not meet the rule: held back unseen. A throttle needs
     * positive evidence, since a starved machine delivers fires late for every party: the machine had cores to spare
     * and the runner started its fires on time, so the work was held back between the runner and the servers.
     */
    static Optional<LimitingResource.Finding> shortfall(StepResult at) {
        DeliveredWork d = at.delivered();
        HostUsage h = at.resources() == null ? null : at.resources().host();
        GeneratorHealth.Lag fires = at.generator() == null
                ? GeneratorHealth.Lag.NONE
                : at.generator().fireLag();
        if (d == null || d.share() == null || d.share() >= LimitingResource.DELIVERED || queueSaturated(at)) {
            return Optional.empty();
        }
        if (h == null || BusyHost.atLimit(h) || fires.count() == 0 || fires.p99Ms() > FIRES_ON_TIME_MS) {
            return Optional.empty();
        }
        String queue = at.server() == null
                ? "the leader's queue was not observed"
                : "the leader's queue never passed " + at.server().outstandingMax();
        return Optional.of(new LimitingResource.Finding(
                Resource.THROTTLE,
                null,
                String.format(
                        Locale.ROOT,
                        "only %.0f%% of the %d job fires due were delivered, while %s, no throttle counter rose, the"
                                + " machine had cores to spare (%.0f%% busy) and the runner started its fires on time"
                                + " (%s late at p99): requests were held back where no counter shows it, as a"
                                + " server's zookeeper.globalOutstandingLimit does",
                        100 * d.share(),
                        d.firesDue(),
                        queue,
                        h.busyPercent(),
                        Durations.ofMillis(fires.p99Ms()))));
    }

    /** The leader's queue met the saturation rule (not only the delivered work). */
    static boolean queueSaturated(StepResult at) {
        return at.saturation() != null && at.saturation().rule() != Saturation.Rule.SHORTFALL;
    }

    private static String role(ServerUsage u) {
        return u.role() == null ? "" : " (the " + u.role() + ")";
    }
}
