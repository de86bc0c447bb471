package dev.zkload.runner.engine.resources;

import dev.zkload.runner.result.HostUsage;
import dev.zkload.runner.result.LimitedBy;
import dev.zkload.runner.result.LimitedBy.Resource;
import dev.zkload.runner.result.ServerUsage;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.text.Amounts;
import dev.zkload.runner.text.Plural;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Names the resource that ran out at the step a verdict names, by the rules of docs/verdict.md ("Why it
 * saturated"), each checked on what the step observed and in this order, the most specific first: a
 * throttle counter, the leader's CPU, the leader's transaction log, work short under a low queue (a throttle no
 * counter shows), this machine, the leader's GC, the quorum. The
 * first that holds is the answer, the others that hold are said beside it, and a resource that was not
 * observed is said to be unobserved: never ruled out.
 */
public final class LimitingResource {
    /** CPUs busy at least this share of the time are at their limit, %. */
    static final double BUSY_PERCENT = BusyHost.BUSY_PERCENT;
    /** Fewer job fires delivered than this share: the domains' work fell short. */
    public static final double DELIVERED = 0.95;
    /** The leader's own limits: each holds the domains' work back by itself. */
    private static final Set<Resource> LEADERS_OWN =
            Set.of(Resource.LEADER_CPU, Resource.LEADER_GC, Resource.TRANSACTION_LOG);

    private LimitingResource() {}

    /**
     * The resource that ran out at {@code at}.
     *
     * @param at     the saturated step the verdict names
     * @param base   the baseline, the empty ensemble (null when not recorded)
     * @param stable the last stable step below it, to compare with (null when none was)
     */
    public static LimitedBy of(StepResult at, StepResult base, StepResult stable) {
        if (at.resources() == null && at.stages() == null && at.delivered() == null) {
            return new LimitedBy(
                    Resource.UNOBSERVED,
                    null,
                    at.domains(),
                    "neither the machine's nor the servers' resources were read at " + Plural.domains(at.domains()),
                    List.of(),
                    List.of());
        }
        List<Finding> found = new ArrayList<>();
        ThrottleRules.throttled(at).ifPresent(found::add);
        Optional<String> leader = leader(at);
        ServerUsage lu = leader.map(l ->
                        at.resources() == null ? null : at.resources().servers().get(l))
                .orElse(null);
        double seconds = seconds(at);
        boolean busyHost = BusyHost.settled(at).isPresent();
        if (lu != null && !busyHost) {
            // a collector at work takes the CPU the leader's process is seen to use: the heap, before the CPU
            LeaderRules.gc(lu, seconds).ifPresent(e -> found.add(new Finding(Resource.LEADER_GC, leader.get(), e)));
        }
        if (lu != null) {
            // the CPU first: a thread starved of CPU is slow in its fsyncs too, which then time the CPU, not the disk
            LeaderRules.cpu(at, lu, stable == null ? null : usage(stable, leader.get()), stable)
                    .ifPresent(e -> found.add(new Finding(Resource.LEADER_CPU, leader.get(), e)));
        }
        // a machine others kept busy starves every thread at once — the log's and the runner's too —: it comes before
        // what it explains, after what no starvation makes (a counter that rose, CPU a process used itself)
        BusyHost.settled(at)
                .ifPresent(b -> found.add(new Finding(
                        Resource.THIS_MACHINE, null, b.evidence() + ", leaving it too busy to measure the ensemble")));
        if (lu != null) {
            DiskRules.log(
                            lu,
                            base == null ? null : usage(base, leader.get()),
                            seconds,
                            at.stages(),
                            ThrottleRules.queueSaturated(at))
                    .ifPresent(e -> found.add(new Finding(
                            Resource.TRANSACTION_LOG, leader.get(), e + DiskRules.othersOnTheDisk(at, leader.get()))));
        }
        // after the leader's own limits: a throttle holds the queue low, and a leader out of CPU or disk fills it; a
        // leader at its limit explains work short by itself (a confined leader's queue need not fill to fall behind);
        // its GC, checked after this on a busy host, cannot matter there: the rule needs a machine with cores to spare
        boolean leaderAtLimit = found.stream().anyMatch(f -> LEADERS_OWN.contains(f.resource()));
        if (!leaderAtLimit) {
            ThrottleRules.shortfall(at).ifPresent(found::add);
        }
        if (!busyHost) {
            machine(at).ifPresent(found::add);
        }
        if (lu != null && busyHost) {
            LeaderRules.gc(lu, seconds).ifPresent(e -> found.add(new Finding(Resource.LEADER_GC, leader.get(), e)));
        }
        DiskRules.quorum(at, leader.orElse(null), seconds).ifPresent(found::add);
        List<String> unobserved = unobserved(at);
        if (found.isEmpty()) {
            return new LimitedBy(
                    Resource.NONE, null, at.domains(), NothingAtLimit.sentence(at, lu, stable), List.of(), unobserved);
        }
        Finding first = found.get(0);
        List<String> also = found.subList(1, found.size()).stream()
                .map(f -> f.resource().json() + (f.server() == null ? "" : " (" + f.server() + ")"))
                .toList();
        return new LimitedBy(first.resource(), first.server(), at.domains(), first.evidence(), also, unobserved);
    }

    /**
     * This machine, too busy to measure the step: what took it, and why nothing else is named.
     *
     * @param at   a step judged {@code host-busy}
     * @param base the baseline, the empty ensemble (null when not recorded)
     */
    public static LimitedBy busyHost(StepResult at, StepResult base) {
        String evidence = BusyHost.during(at).map(BusyHost::evidence).orElse("this machine was too busy to measure");
        // what the rules find beside the machine (a confined leader's CPU, a slowed log) is said, never in its place
        LimitedBy found = at.resources() == null ? null : of(at, base, null);
        List<String> also = new ArrayList<>();
        if (found != null && found.resource() != Resource.THIS_MACHINE && found.resource() != Resource.NONE) {
            also.add(found.resource().json() + (found.server() == null ? "" : " (" + found.server() + ")"));
        }
        if (found != null) {
            found.alsoAtLimit().stream()
                    .filter(a -> !a.startsWith("this-machine"))
                    .forEach(also::add);
        }
        return new LimitedBy(
                Resource.THIS_MACHINE,
                null,
                at.domains(),
                evidence + "; on a machine that busy a throttle, the runner's own limit and a fault of the ensemble"
                        + " look alike (late fires, work short, answers late), so none of them is named",
                also,
                found == null ? List.of() : found.unobserved());
    }

    /** The runner, not the ensemble: the reasons the generator was the bottleneck. */
    public static LimitedBy runner(StepResult at) {
        return new LimitedBy(
                Resource.RUNNER,
                null,
                at.domains(),
                "the runner was the bottleneck: "
                        + String.join("; ", at.generator().reasons()),
                List.of(),
                List.of());
    }

    /** A rule that held: the resource, its server (null for none), and the figures that decided it. */
    record Finding(Resource resource, String server, String evidence) {}

    private static Optional<Finding> machine(StepResult at) {
        HostUsage h = at.resources() == null ? null : at.resources().host();
        if (h == null) {
            return Optional.empty();
        }
        long here = at.resources().servers().values().stream()
                .filter(s -> "proc".equals(s.source()))
                .count();
        if (here == 0 || !BusyHost.atLimit(h)) {
            return Optional.empty();
        }
        StringBuilder b = new StringBuilder(String.format(
                Locale.ROOT,
                "the runner and %s shared %s, %.0f%% busy",
                here == 1 ? "a server" : here + " servers",
                Amounts.coresNoun(h.cores()),
                h.busyPercent()));
        List<String> who = new ArrayList<>();
        if (h.runnerCores() != null) {
            who.add("the runner " + Amounts.cores(h.runnerCores()));
        }
        if (h.serversCores() != null) {
            who.add("the servers " + Amounts.cores(h.serversCores()));
        }
        if (h.otherCores() != null) {
            who.add("other processes " + Amounts.cores(h.otherCores()));
        }
        b.append(" (").append(String.join(", ", who)).append(")");
        if (h.stealPercent() >= 1) {
            b.append(String.format(Locale.ROOT, ", %.0f%% stolen by the host", h.stealPercent()));
        }
        return Optional.of(new Finding(Resource.THIS_MACHINE, null, b.toString()));
    }

    private static List<String> unobserved(StepResult at) {
        List<String> u = new ArrayList<>();
        if (at.resources() == null) {
            u.add("the machine's and the servers' resources");
        } else {
            u.addAll(at.resources().unobserved());
        }
        if (at.stages() == null && at.resources() == null) {
            // with resources read, their unobserved list says why the stages were not
            u.add("the leader's request stages (the settled load's statistics were not read)");
        }
        if (at.delivered() == null || at.delivered().share() == null) {
            u.add("the domains' delivered work (no job fire came due and ended within the step)");
        }
        return u;
    }

    static Optional<String> leader(StepResult at) {
        if (at.stages() != null) {
            return Optional.of(at.stages().server());
        }
        if (at.resources() == null) {
            return Optional.empty();
        }
        return at.resources().servers().entrySet().stream()
                .filter(e -> "leader".equals(e.getValue().role())
                        || "standalone".equals(e.getValue().role()))
                .map(Map.Entry::getKey)
                .findFirst();
    }

    private static ServerUsage usage(StepResult s, String server) {
        return s.resources() == null ? null : s.resources().servers().get(server);
    }

    /** The settled load's length: the window the resources were read over, s. */
    static double seconds(StepResult s) {
        return s.phases() == null ? 0 : s.phases().settleSec() + s.phases().measureSec();
    }
}
