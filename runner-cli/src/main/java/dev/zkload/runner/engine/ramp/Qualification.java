package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.text.Amounts;
import dev.zkload.runner.text.Plural;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a ramp's answer rests on, as data with its figures: one of the notes {@code summary.json} lists beside the
 * verdict. {@link Qualifications} decides which hold; each says itself here, in the one place its words are kept.
 */
sealed interface Qualification {
    /** The note's sentence, as {@code summary.json}'s qualifications list it. */
    String sentence();

    /** The bisection ended before its resolution, and why. */
    record RefinementCut(String endedBy) implements Qualification {
        @Override
        public String sentence() {
            return "The refinement stopped before the resolution: " + endedBy + ".";
        }
    }

    /** The leader answered only {@code answered} of the baseline's {@code rounds}. */
    record BaselineUnanswered(int rounds, int answered) implements Qualification {
        @Override
        public String sentence() {
            return String.format(
                    Locale.ROOT,
                    "The leader's statistics went unanswered in %d of the baseline's %d rounds (see serverMetrics"
                            + " in steps.jsonl): the baseline's server figures, which each step is compared"
                            + " with, rest on the %d that answered.",
                    rounds - answered,
                    rounds,
                    answered);
        }
    }

    /** Processes other than zkload and its servers, and the hypervisor, took this much of the cores at a step. */
    record NoisyHost(int domains, double otherCores, int cores, double stealPercent) implements Qualification {
        @Override
        public String sentence() {
            return String.format(
                    Locale.ROOT,
                    "Noisy host: at %d domains, processes other than zkload and its servers took %.2f of the %d cores"
                            + " (%.0f%%)%s; an answer measured beside them may move with them (see resources in"
                            + " steps.jsonl).",
                    domains,
                    otherCores,
                    cores,
                    100.0 * otherCores / cores,
                    stealPercent >= 1
                            ? String.format(Locale.ROOT, " and the hypervisor stole %.0f%%", stealPercent)
                            : "");
        }
    }

    /** {@code --no-server-metrics}: no step's saturation could be judged. */
    record NoServerMetrics() implements Qualification {
        @Override
        public String sentence() {
            return "Run with --no-server-metrics: the servers' statistics were not read, so saturation could not be"
                    + " observed; the ramp could stop only on errors, on domains that could not be added, or at its"
                    + " target.";
        }
    }

    /**
     * The leader's statistics went unanswered for part of these steps' settled load.
     *
     * @param busy what this machine was doing meanwhile, when it was too busy; null when it was not
     */
    record Unobservable(List<Integer> domains, String busy) implements Qualification {
        public Unobservable {
            domains = List.copyOf(domains);
        }

        @Override
        public String sentence() {
            return "Saturation was not observable at "
                    + String.join(", ", domains.stream().map(String::valueOf).toList())
                    + " domains: the leader's statistics went unanswered for part of the settled load (see"
                    + " serverMetrics in steps.jsonl)"
                    + (busy == null ? "" : ", while " + busy)
                    + ".";
        }
    }

    /** Only zkload's statistics reader missed these servers, for these seconds: no fault. */
    record ReaderOnly(int domains, Map<String, Double> silentSec) implements Qualification {
        public ReaderOnly {
            // in the order the step's events list the servers
            silentSec = Collections.unmodifiableMap(new LinkedHashMap<>(silentSec));
        }

        @Override
        public String sentence() {
            List<String> who = silentSec.entrySet().stream()
                    .map(e -> String.format(Locale.ROOT, "%s for %.0f s", e.getKey(), e.getValue()))
                    .toList();
            return "At " + Plural.domains(domains) + " zkload's statistics reader went unanswered by "
                    + String.join(", ", who) + ", but nothing else saw a fault (no election, no session cut, no failed"
                    + " call): the reader's delay, not the ensemble's fault.";
        }
    }

    /** The step ended while its domains registered. */
    record RegistrationOnly(int domains) implements Qualification {
        @Override
        public String sentence() {
            return "The step to " + Plural.domains(domains) + " ended while its domains registered: no load"
                    + " settled, so it has no settled figures and no benchmark.";
        }
    }

    /** The runner passed these limits in a step a fault disturbed: the fault's doing, not the runner's limit. */
    record RunnerStrainedByAFault(int domains, List<String> reasons) implements Qualification {
        public RunnerStrainedByAFault {
            reasons = List.copyOf(reasons);
        }

        @Override
        public String sentence() {
            return "At " + Plural.domains(domains) + " the runner passed its limits (" + String.join("; ", reasons)
                    + ") while the ensemble failed: the fault's reconnecting sessions and delayed fires strain it, so"
                    + " the step counts as disturbed, not as the runner's limit.";
        }
    }

    /** The runner was the bottleneck of this step's settled load. */
    record RunnerBound(int domains, List<String> reasons) implements Qualification {
        public RunnerBound {
            reasons = List.copyOf(reasons);
        }

        @Override
        public String sentence() {
            return "At " + Plural.domains(domains) + " the runner was the bottleneck: " + String.join("; ", reasons)
                    + ".";
        }
    }

    /**
     * While the step's domains registered, the runner was late, or the bottleneck, and why.
     *
     * @param busy             what this machine was doing meanwhile, when it was too busy; null when the runner
     *                         alone was the bottleneck
     * @param registrationOnly the step ended there
     */
    record RunnerWhileRegistering(int domains, String busy, List<String> reasons, boolean registrationOnly)
            implements Qualification {
        public RunnerWhileRegistering {
            reasons = List.copyOf(reasons);
        }

        @Override
        public String sentence() {
            return "While the step to " + Plural.domains(domains) + " registered them, "
                    + (busy == null ? "the runner was the bottleneck" : busy) + " ("
                    + String.join("; ", reasons) + ")"
                    + (registrationOnly ? "." : "; only the settled load was judged.");
        }
    }

    /** The embedded servers shared this machine with the runner: what each used at the last load step. */
    record SharedMachine(int domains, double runnerPercentOfShare, double shareCores, double serversPercent)
            implements Qualification {
        @Override
        public String sentence() {
            return String.format(
                    Locale.ROOT,
                    "The servers shared this machine with the runner (embedded ensemble): at %s"
                            + " the runner used %.0f%% of its %s and the servers %.0f%% of one core together.",
                    Plural.domains(domains),
                    runnerPercentOfShare,
                    Amounts.coresNoun(shareCores),
                    serversPercent);
        }
    }

    /**
     * What held the answer's stable step's leader back though it carried the load, as its rule in
     * {@code engine.resources} (the same rules that name a saturated step's limit) words it.
     */
    record LeaderHeldBack(String sentence) implements Qualification {}
}
