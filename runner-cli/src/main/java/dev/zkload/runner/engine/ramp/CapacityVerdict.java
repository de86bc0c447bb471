package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.engine.resources.BusyHost;
import dev.zkload.runner.engine.resources.Explanation;
import dev.zkload.runner.engine.resources.Headroom;
import dev.zkload.runner.engine.resources.HostNoise;
import dev.zkload.runner.engine.resources.LimitingResource;
import dev.zkload.runner.result.Election;
import dev.zkload.runner.result.GeneratorHealth;
import dev.zkload.runner.result.LimitedBy;
import dev.zkload.runner.result.RampSummary;
import dev.zkload.runner.result.RefinementSummary;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.Saturation;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepVerdict;
import dev.zkload.runner.result.StopReason;
import dev.zkload.runner.text.Amounts;
import dev.zkload.runner.text.Plural;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns the finished steps and the reason the ramp stopped into the one answer a user acts on: the
 * most domains observed stable, said in words that carry what it could not observe (no server
 * statistics, a runner that was the bottleneck) instead of passing a target or a generator's limit
 * off as the ensemble's capacity.
 */
final class CapacityVerdict {
    private CapacityVerdict() {}

    static RampSummary summarize(
            StopReason reason, String message, List<StepResult> steps, RampPlan plan, boolean embedded) {
        return summarize(reason, message, steps, plan, embedded, null);
    }

    /** @param refinement the bisection that narrowed a saturated grid's answer; null when there was none */
    static RampSummary summarize(
            StopReason reason,
            String message,
            List<StepResult> steps,
            RampPlan plan,
            boolean embedded,
            RefinementSummary refinement) {
        List<StepResult> load = steps.stream().filter(s -> s.step() > 0).toList();
        Integer maxStable = load.stream()
                .filter(s -> s.verdict() == StepVerdict.STABLE)
                .map(StepResult::domains)
                .max(Integer::compare)
                .orElse(null);
        Integer saturatedAt = last(load, StepVerdict.SATURATED);
        Integer boundAt = last(load, StepVerdict.GENERATOR_BOUND);
        List<StepResult> unobserved =
                load.stream().filter(s -> !s.saturationObservable()).toList();
        // a server that refused the load's connections, or a fault, kept the step from the load it was to judge:
        // whichever phase the fault hit, and whether or not the leader's statistics went unanswered meanwhile
        boolean observable = plan.serverMetrics()
                && unobserved.isEmpty()
                && reason != StopReason.SERVER_REFUSED_CONNECTIONS
                && reason != StopReason.DISTURBED;
        // with a model file, the count the verdict answers with is one of the user's domains, in the file's words
        String yours = plan.yourDomains() == null ? "" : " of your domains (" + plan.yourDomains() + ")";
        String stable = maxStable == null ? "none" : maxStable + yours;
        // where no count is stable, the first count the verdict names carries the words instead
        String firstYours = maxStable == null ? yours : "";
        String verdict =
                switch (reason) {
                    case TARGET_REACHED ->
                        observable
                                ? "The ensemble carried all " + counted(plan.domains(), yours)
                                        + " below saturation: its limit" + " lies above that."
                                : "The ensemble carried " + counted(plan.domains(), firstYours)
                                        + " without errors, but saturation was"
                                        + " not observable, so that is not a capacity; max stable domains: " + stable
                                        + ".";
                    case SATURATED ->
                        String.format(
                                        Locale.ROOT,
                                        "The ensemble saturated at %s; max stable domains: %s",
                                        counted(saturatedAt, firstYours),
                                        stable)
                                + refined(refinement, maxStable, saturatedAt)
                                + ".";
                    case GENERATOR_BOUND ->
                        "At " + counted(boundAt, firstYours) + " the load generator, not the ensemble, was the"
                                + " limit"
                                + saturatedToo(load, plan.outstandingThreshold())
                                + ": "
                                + (maxStable == null
                                        ? "no step measured the ensemble below the generator's limit, so"
                                                + " its capacity is not known"
                                        : "the ensemble carried " + counted(maxStable, yours)
                                                + ", and beyond that its capacity is" + " not known")
                                + "; "
                                + GeneratorAdvice.of(
                                        at(load, StepVerdict.GENERATOR_BOUND, boundAt)
                                                .orElse(null),
                                        embedded)
                                + ", to go further.";
                    case HOST_BUSY ->
                        hostBusy(
                                at(load, StepVerdict.HOST_BUSY, last(load, StepVerdict.HOST_BUSY))
                                        .orElse(null),
                                maxStable,
                                yours,
                                firstYours,
                                embedded);
                    case CANNOT_ADD_DOMAINS ->
                        "Domains could not be added (" + message + "); max stable domains: " + stable + ".";
                    case SERVER_REFUSED_CONNECTIONS ->
                        "A server refused this runner's connections: its maxClientCnxns, a setting and not the"
                                + " ensemble's capacity, stopped the run; max stable domains below that limit: "
                                + stable
                                + ".";
                    case ERRORS -> "The run stopped on errors (" + message + "); max stable domains: " + stable + ".";
                    case DISTURBED ->
                        Character.toUpperCase(message.charAt(0)) + message.substring(1)
                                + "; a disturbed step measures the fault, not the load's cost; max stable domains: "
                                + stable + ".";
                    case INTERRUPTED -> "Interrupted before a verdict; max stable domains so far: " + stable + ".";
                };
        LimitedBy limitedBy =
                switch (reason) {
                    case SATURATED ->
                        at(load, StepVerdict.SATURATED, saturatedAt)
                                .map(s -> LimitingResource.of(
                                        s,
                                        baseline(steps),
                                        at(load, StepVerdict.STABLE, maxStable).orElse(null)))
                                .orElse(null);
                    case GENERATOR_BOUND ->
                        at(load, StepVerdict.GENERATOR_BOUND, boundAt)
                                .map(LimitingResource::runner)
                                .orElse(null);
                    case HOST_BUSY ->
                        at(load, StepVerdict.HOST_BUSY, last(load, StepVerdict.HOST_BUSY))
                                .map(s -> LimitingResource.busyHost(s, baseline(steps)))
                                .orElse(null);
                    default -> null;
                };
        if (limitedBy != null && limitedBy.resource() != LimitedBy.Resource.RUNNER && reason != StopReason.HOST_BUSY) {
            verdict += " " + Explanation.sentence(limitedBy, embedded);
        } else if (reason == StopReason.HOST_BUSY
                && limitedBy != null
                && !limitedBy.alsoAtLimit().isEmpty()) {
            // the machine decides the headline; what was at its limit beside it is still said
            verdict += " Also at its limit there: " + String.join(", ", limitedBy.alsoAtLimit()) + ".";
        }
        List<String> marginal = Marginal.of(load, maxStable, saturatedAt, plan.outstandingThreshold());
        if (!marginal.isEmpty()) {
            verdict += " Marginal: " + String.join("; ", marginal) + ".";
        }
        List<String> qualified = qualifications(load, unobserved, plan, embedded);
        // the answer's own step: what held its leader back though it carried the load
        at(load, StepVerdict.STABLE, maxStable).ifPresent(s -> qualified.addAll(Headroom.of(s, baseline(steps))));
        HostNoise noise = HostNoise.of(load);
        // the host first: an answer measured beside other processes is read in their light
        noise.qualification().ifPresent(n -> qualified.add(0, n));
        steps.stream()
                .filter(s -> s.step() == 0 && plan.serverMetrics())
                .map(StepResult::serverMetrics)
                // a leader never heard from (a connect string naming followers only) is the steps' note, not the
                // baseline's
                .filter(m -> m != null && m.leaderRounds() > 0 && !m.leaderObserved())
                .findFirst()
                .ifPresent(m -> qualified.add(
                        0,
                        String.format(
                                Locale.ROOT,
                                "The leader's statistics went unanswered in %d of the baseline's %d rounds (see serverMetrics"
                                        + " in steps.jsonl): the baseline's server figures, which each step is compared"
                                        + " with, rest on the %d that answered.",
                                m.rounds() - m.leaderRounds(),
                                m.rounds(),
                                m.leaderRounds())));
        if (refinement != null && !refinement.complete()) {
            qualified.add(0, "The refinement stopped before the resolution: " + refinement.endedBy() + ".");
        }
        return new RampSummary(
                ResultFiles.SCHEMA_VERSION,
                maxStable,
                saturatedAt,
                boundAt,
                reason,
                observable,
                verdict,
                qualified,
                reason == StopReason.INTERRUPTED,
                Instant.now(),
                steps.size(),
                message,
                List.of(),
                refinement,
                marginal,
                limitedBy,
                noise.worstPercent(),
                Election.of(load));
    }

    /**
     * The verdict when the machine was too busy to measure: where, what took it, how far the ensemble was measured,
     * and what would measure it.
     */
    private static String hostBusy(
            StepResult at, Integer maxStable, String yours, String firstYours, boolean embedded) {
        String where = at == null ? "" : "At " + counted(at.domains(), firstYours) + " ";
        String busy = at == null
                ? "this machine was too busy to measure"
                : BusyHost.during(at).map(BusyHost::headline).orElse("this machine was too busy to measure");
        String carried = maxStable == null
                ? "No step measured the ensemble before, so its capacity is not known"
                : "The ensemble carried " + counted(maxStable, yours) + ", and beyond that its capacity is not known";
        boolean serversHere = at != null
                && at.resources() != null
                && at.resources().host() != null
                && at.resources().host().serversCores() != null
                && at.resources().host().serversCores() > 0;
        String cure = embedded
                ? "run zkload where nothing else competes for the cores, or with the servers on machines of their own"
                        + " (--connect), to measure it"
                : serversHere
                        ? "run the runner and the servers where nothing else competes for the cores, or the servers on"
                                + " machines of their own, to measure it"
                        : "run the runner where nothing else competes for its cores to measure it";
        return where + busy + ". " + carried + ": " + cure + ".";
    }

    /** The last step with this verdict at this count; empty when there is none. */
    private static java.util.Optional<StepResult> at(List<StepResult> load, StepVerdict verdict, Integer domains) {
        StepResult found = null;
        for (StepResult s : load) {
            if (domains != null && s.verdict() == verdict && s.domains() == domains) {
                found = s;
            }
        }
        return java.util.Optional.ofNullable(found);
    }

    private static StepResult baseline(List<StepResult> steps) {
        return steps.stream().filter(s -> s.step() == 0).findFirst().orElse(null);
    }

    /**
     * What the bisection adds to a saturated verdict: the interval narrowed to the resolution, or, when a
     * step that was neither stable nor saturated ended it, the interval as far as it got, said to be wider.
     */
    private static String refined(RefinementSummary r, Integer maxStable, Integer saturatedAt) {
        if (r == null) {
            return "";
        }
        String grid = r.gridMaxStable() == 0
                ? "between 0 and the grid's first step, " + r.gridSaturatedAt() + ","
                : "between the grid's " + r.gridMaxStable() + " and " + r.gridSaturatedAt();
        if (r.complete()) {
            return String.format(
                    Locale.ROOT, " (refined by bisection %s to within %s)", grid, Plural.domains(r.widthDomains()));
        }
        if (maxStable == null) {
            return String.format(
                    Locale.ROOT,
                    " — the refinement %s stopped before its resolution (see the notes): no count was judged stable,"
                            + " and the capacity lies below %s",
                    grid,
                    Plural.domains(saturatedAt));
        }
        return String.format(
                Locale.ROOT,
                " — the refinement %s stopped before its resolution (see the notes): the capacity lies between %d"
                        + " and %d domains, an interval of %s rather than %d",
                grid,
                maxStable,
                saturatedAt,
                Plural.domains(saturatedAt - maxStable),
                r.widthDomains());
    }

    private static List<String> qualifications(
            List<StepResult> load, List<StepResult> unobserved, RampPlan plan, boolean embedded) {
        List<String> q = new ArrayList<>();
        if (!plan.serverMetrics()) {
            q.add(
                    "Run with --no-server-metrics: the servers' statistics were not read, so saturation could not be"
                            + " observed; the ramp could stop only on errors, on domains that could not be added, or at its target.");
        } else {
            List<StepResult> unanswered =
                    unobserved.stream().filter(s -> !s.registrationOnly()).toList();
            if (!unanswered.isEmpty()) {
                q.add("Saturation was not observable at " + domainsOf(unanswered) + " domains: the leader's"
                        + " statistics went unanswered for part of the settled load (see serverMetrics in steps.jsonl)"
                        + unanswered.stream()
                                .map(BusyHost::during)
                                .flatMap(java.util.Optional::stream)
                                .findFirst()
                                .map(b -> ", while " + b.headline())
                                .orElse("")
                        + ".");
            }
        }
        for (StepResult s : load) {
            String readerOnly = Disturbances.of(s).readerOnlyNote();
            if (!readerOnly.isEmpty()) {
                q.add(readerOnly);
            }
            if (s.registrationOnly()) {
                q.add("The step to " + Plural.domains(s.domains()) + " ended while its domains registered: no load"
                        + " settled, so it has no settled figures and no benchmark.");
            }
            if (s.generatorBound() && s.verdict() == StepVerdict.DISTURBED) {
                q.add(FaultBeforeRunner.note(s));
            } else if (s.generatorBound() && s.verdict() != StepVerdict.HOST_BUSY) {
                q.add("At " + Plural.domains(s.domains()) + " the runner was the bottleneck: "
                        + String.join("; ", s.generator().reasons()) + ".");
            } else if (s.generatorDuringAdd() != null
                    && s.generatorDuringAdd().lateOnly()
                    && BusyHost.of(s.hostDuringAdd()).isPresent()) {
                q.add("While the step to " + Plural.domains(s.domains()) + " registered them, "
                        + BusyHost.of(s.hostDuringAdd()).get().headline() + " ("
                        + String.join("; ", s.generatorDuringAdd().reasons()) + ")"
                        + (s.registrationOnly() ? "." : "; only the settled load was judged."));
            } else if (s.generatorDuringAdd() != null && s.generatorDuringAdd().bound()) {
                q.add("While the step to " + Plural.domains(s.domains())
                        + " registered them, the runner was the bottleneck ("
                        + String.join("; ", s.generatorDuringAdd().reasons()) + ")"
                        + (s.registrationOnly() ? "." : "; only the settled load was judged."));
            }
        }
        if (embedded && !load.isEmpty()) {
            StepResult last = load.get(load.size() - 1);
            GeneratorHealth h = last.generator();
            double servers = h.serversCpuPercent().values().stream()
                    .mapToDouble(Double::doubleValue)
                    .sum();
            q.add(String.format(
                    Locale.ROOT,
                    "The servers shared this machine with the runner (embedded ensemble): at %s"
                            + " the runner used %.0f%% of its %s and the servers %.0f%% of one core together.",
                    Plural.domains(last.domains()),
                    h.cpuPercentOfShare(),
                    Amounts.coresNoun(h.shareCores()),
                    servers));
        }
        return q;
    }

    /** "300 domains", or "300" followed by what a model file's domains are. */
    private static String counted(int domains, String yours) {
        return yours.isEmpty() ? Plural.domains(domains) : domains + yours;
    }

    /**
     * The last generator-bound step's own saturation, which the runner's limit keeps from counting as the
     * ensemble's (on one machine both limits can come at once), in words; empty when its leader's queue did not meet
     * the rule.
     */
    private static String saturatedToo(List<StepResult> load, long threshold) {
        return load.stream()
                .filter(s -> s.verdict() == StepVerdict.GENERATOR_BOUND)
                .reduce((a, b) -> b)
                .map(StepResult::saturation)
                .map(s -> String.format(
                        Locale.ROOT,
                        ", though the leader's queue met the saturation rule there too (it %s %.0f outstanding"
                                + " requests against the threshold of %d, so the ensemble's limit may be there)",
                        s.rule() == Saturation.Rule.HELD ? "stayed at or above the threshold, averaging" : "averaged",
                        s.rule() == Saturation.Rule.HELD ? s.mean() : s.judgedMean(),
                        threshold))
                .orElse("");
    }

    private static Integer last(List<StepResult> steps, StepVerdict verdict) {
        Integer found = null;
        for (StepResult s : steps) {
            if (s.verdict() == verdict) {
                found = s.domains();
            }
        }
        return found;
    }

    private static String domainsOf(List<StepResult> steps) {
        return String.join(
                ", ", steps.stream().map(s -> Integer.toString(s.domains())).toList());
    }
}
