package dev.zkload.runner.ramp;

import dev.zkload.runner.health.GeneratorHealth;
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
    private CapacityVerdict() {
    }

    static RampSummary summarize(StopReason reason, String message, List<StepResult> steps, RampPlan plan,
            boolean embedded) {
        List<StepResult> load = steps.stream().filter(s -> s.step() > 0).toList();
        Integer maxStable = load.stream().filter(s -> s.verdict() == StepVerdict.STABLE).map(StepResult::domains)
                .max(Integer::compare).orElse(null);
        Integer saturatedAt = last(load, StepVerdict.SATURATED);
        Integer boundAt = last(load, StepVerdict.GENERATOR_BOUND);
        List<StepResult> unobserved = load.stream().filter(s -> !s.saturationObservable()).toList();
        boolean observable = plan.serverMetrics() && unobserved.isEmpty();
        String stable = maxStable == null ? "none" : Integer.toString(maxStable);
        String verdict = switch (reason) {
            case TARGET_REACHED -> observable
                    ? String.format(Locale.ROOT, "The ensemble carried all %s below saturation: its limit lies"
                            + " above that.", domains(plan.domains()))
                    : String.format(Locale.ROOT, "The ensemble carried %s without errors, but saturation was"
                            + " not observable, so that is not a capacity; max stable domains: %s.", domains(plan.domains()),
                            stable);
            case SATURATED -> String.format(Locale.ROOT, "The ensemble saturated at %d domains; max stable domains: %s.",
                    saturatedAt, stable);
            case GENERATOR_BOUND -> String.format(Locale.ROOT, "At %d domains the load generator, not the ensemble,"
                    + " was the limit, so the ensemble's capacity is at least %s domains, not known beyond; run several"
                    + " runners with --shard i/N, or a bigger machine, to go further.", boundAt,
                    maxStable == null ? "(no step was measured below the generator's limit)" : maxStable);
            case CANNOT_ADD_DOMAINS -> "Domains could not be added (" + message + "); max stable domains: " + stable + ".";
            case ERRORS -> "The run stopped on errors (" + message + "); max stable domains: " + stable + ".";
            case INTERRUPTED -> "Interrupted before a verdict; max stable domains so far: " + stable + ".";
        };
        return new RampSummary(maxStable, saturatedAt, boundAt, reason, observable, verdict,
                qualifications(load, unobserved, plan, embedded), reason == StopReason.INTERRUPTED, Instant.now(),
                steps.size(), message);
    }

    private static List<String> qualifications(List<StepResult> load, List<StepResult> unobserved, RampPlan plan,
            boolean embedded) {
        List<String> q = new ArrayList<>();
        if (!plan.serverMetrics()) {
            q.add("Run with --no-server-metrics: the servers' statistics were not read, so saturation could not be"
                    + " observed; the ramp could stop only on errors, on domains that could not be added, or at its target.");
        } else if (!unobserved.isEmpty()) {
            q.add("Saturation was not observable at " + domainsOf(unobserved) + " domains: the leader's statistics went"
                    + " unanswered for part of the settled load (see serverMetrics in steps.jsonl).");
        }
        for (StepResult s : load) {
            if (s.generatorBound()) {
                q.add("At " + s.domains() + " domains the runner was the bottleneck: "
                        + String.join("; ", s.generator().reasons()) + ".");
            } else if (s.generatorDuringAdd() != null && s.generatorDuringAdd().bound()) {
                q.add("While the " + s.domains() + "-domain step registered its domains the runner was the bottleneck ("
                        + String.join("; ", s.generatorDuringAdd().reasons()) + "); only the settled load was judged.");
            }
        }
        if (embedded && !load.isEmpty()) {
            StepResult last = load.get(load.size() - 1);
            GeneratorHealth h = last.generator();
            double servers = h.serversCpuPercent().values().stream().mapToDouble(Double::doubleValue).sum();
            q.add(String.format(Locale.ROOT, "The servers shared this machine with the runner (embedded ensemble): at %d"
                    + " domains the runner used %.0f%% of %s cores and the servers %.0f%% of one core together.",
                    last.domains(), h.cpuPercentOfShare(), trim(h.shareCores()), servers));
        }
        return q;
    }

    private static String domains(int n) {
        return n + (n == 1 ? " domain" : " domains");
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
        return String.join(", ", steps.stream().map(s -> Integer.toString(s.domains())).toList());
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.2f", v);
    }
}
