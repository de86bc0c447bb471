package dev.zkload.runner.result;

import java.util.List;

/**
 * {@code summary.json} of a {@code simulate} run: what each domain cost the servers beside the model,
 * what the simulated sessions went through, and how the runner fared.
 *
 * @param schemaVersion      {@link ResultFiles#SCHEMA_VERSION} of the zkload that wrote it
 * @param domains            domains held
 * @param heldSec            how long they were held once registered
 * @param measuredPerDomain  the footprint per domain; null when not observed ({@code note} says why)
 * @param modelPerDomain     the model's expectation
 * @param generator          the runner's health over the hold
 * @param fleet              the simulated sessions' events over the hold
 * @param interrupted        Ctrl-C ended the hold
 * @param note               why the footprint is missing, or null
 * @param thresholds         every {@code --threshold}, judged
 */
public record SimulateSummary(
        int schemaVersion,
        int domains,
        double heldSec,
        MeasuredFootprint measuredPerDomain,
        dev.zkload.sim.Footprint modelPerDomain,
        GeneratorHealth generator,
        StepFleetData fleet,
        boolean interrupted,
        String note,
        List<ThresholdResult> thresholds) {

    public SimulateSummary {
        thresholds = thresholds == null ? List.of() : List.copyOf(thresholds);
    }

    public SimulateSummary withThresholds(List<ThresholdResult> judged) {
        return new SimulateSummary(
                schemaVersion,
                domains,
                heldSec,
                measuredPerDomain,
                modelPerDomain,
                generator,
                fleet,
                interrupted,
                note,
                judged);
    }
}
