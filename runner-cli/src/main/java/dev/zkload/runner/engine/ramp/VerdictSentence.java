package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.engine.resources.BusyHost;
import dev.zkload.runner.engine.resources.Explanation;
import dev.zkload.runner.result.LimitedBy;
import dev.zkload.runner.result.RefinementSummary;
import dev.zkload.runner.result.Saturation;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StopReason;
import dev.zkload.runner.text.Plural;
import java.util.Locale;

/**
 * The one place a {@link Verdict} is put into words ({@code Explanation} words the resource that ran out, as part of
 * it): {@code summary.json}'s verdict sentence, which says what the ramp could not observe (no server statistics, a
 * runner that was the bottleneck, a busy machine) rather than passing a target or a generator's limit off as the
 * ensemble's capacity, and then why the answer is what it is.
 */
final class VerdictSentence {
    private VerdictSentence() {}

    static String of(Verdict v) {
        // with a model file, the count the verdict answers with is one of the user's domains, in the file's words
        String yours = v.yourDomains() == null ? "" : " of your domains (" + v.yourDomains() + ")";
        String stable = v.maxStable() == null ? "none" : v.maxStable() + yours;
        // where no count is stable, the first count the verdict names carries the words instead
        String firstYours = v.maxStable() == null ? yours : "";
        String verdict = headline(v, yours, stable, firstYours);
        LimitedBy limitedBy = v.limitedBy();
        if (limitedBy != null
                && limitedBy.resource() != LimitedBy.Resource.RUNNER
                && v.reason() != StopReason.HOST_BUSY) {
            verdict += " " + Explanation.sentence(limitedBy, v.embedded());
        } else if (v.reason() == StopReason.HOST_BUSY
                && limitedBy != null
                && !limitedBy.alsoAtLimit().isEmpty()) {
            // the machine decides the headline; what was at its limit beside it is still said
            verdict += " Also at its limit there: " + String.join(", ", limitedBy.alsoAtLimit()) + ".";
        }
        if (!v.marginal().isEmpty()) {
            verdict += " Marginal: " + String.join("; ", v.marginal()) + ".";
        }
        return verdict;
    }

    private static String headline(Verdict v, String yours, String stable, String firstYours) {
        return switch (v.reason()) {
            case TARGET_REACHED ->
                v.observable()
                        ? "The ensemble carried all " + counted(v.target(), yours)
                                + " below saturation: its limit lies above that."
                        : "The ensemble carried " + counted(v.target(), firstYours)
                                + " without errors, but saturation was not observable, so that is not a capacity;"
                                + " max stable domains: " + stable + ".";
            case SATURATED ->
                String.format(
                                Locale.ROOT,
                                "The ensemble saturated at %s; max stable domains: %s",
                                counted(v.saturatedAt(), firstYours),
                                stable)
                        + refined(v.refinement(), v.maxStable(), v.saturatedAt())
                        + ".";
            case GENERATOR_BOUND ->
                "At " + counted(v.boundAt(), firstYours) + " the load generator, not the ensemble, was the limit"
                        + saturatedToo(v.saturatedToo(), v.threshold())
                        + ": "
                        + (v.maxStable() == null
                                ? "no step measured the ensemble below the generator's limit, so its capacity is not"
                                        + " known"
                                : "the ensemble carried " + counted(v.maxStable(), yours)
                                        + ", and beyond that its capacity is not known")
                        + "; "
                        + GeneratorAdvice.of(v.limitStep(), v.embedded())
                        + ", to go further.";
            case HOST_BUSY -> hostBusy(v.limitStep(), v.maxStable(), yours, firstYours, v.embedded());
            case CANNOT_ADD_DOMAINS ->
                "Domains could not be added (" + v.message() + "); max stable domains: " + stable + ".";
            case SERVER_REFUSED_CONNECTIONS ->
                "A server refused this runner's connections: its maxClientCnxns, a setting and not the"
                        + " ensemble's capacity, stopped the run; max stable domains below that limit: "
                        + stable
                        + ".";
            case ERRORS -> "The run stopped on errors (" + v.message() + "); max stable domains: " + stable + ".";
            case DISTURBED ->
                Character.toUpperCase(v.message().charAt(0)) + v.message().substring(1)
                        + "; a disturbed step measures the fault, not the load's cost; max stable domains: "
                        + stable + ".";
            case INTERRUPTED -> "Interrupted before a verdict; max stable domains so far: " + stable + ".";
        };
    }

    /**
     * The verdict when the machine was too busy to measure: where, what took it, how far the ensemble was measured,
     * and what would measure it.
     */
    private static String hostBusy(
            StepResult at, Integer maxStable, String yours, String firstYours, boolean embedded) {
        String busy = at == null
                ? "This machine was too busy to measure"
                : "At " + counted(at.domains(), firstYours) + " "
                        + BusyHost.during(at).map(BusyHost::headline).orElse("this machine was too busy to measure");
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
        return busy + ". " + carried + ": " + cure + ".";
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

    /**
     * The generator-bound step's own saturation, which the runner's limit keeps from counting as the ensemble's (on
     * one machine both limits can come at once), in words; empty when its leader's queue did not meet the rule.
     */
    private static String saturatedToo(Saturation s, long threshold) {
        if (s == null) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                ", though the leader's queue met the saturation rule there too (it %s %.0f outstanding"
                        + " requests against the threshold of %d, so the ensemble's limit may be there)",
                s.rule() == Saturation.Rule.HELD ? "stayed at or above the threshold, averaging" : "averaged",
                s.rule() == Saturation.Rule.HELD ? s.mean() : s.judgedMean(),
                threshold);
    }

    /** "300 domains", or "300" followed by what a model file's domains are. */
    static String counted(int domains, String yours) {
        return yours.isEmpty() ? Plural.domains(domains) : domains + yours;
    }
}
