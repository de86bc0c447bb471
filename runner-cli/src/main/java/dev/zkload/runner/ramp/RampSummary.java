package dev.zkload.runner.ramp;

import java.time.Instant;

/**
 * {@code summary.json}, written last (also on Ctrl-C).
 *
 * @param maxStableDomains   the most domains of a step that finished below saturation (0 if none)
 * @param saturatedAtDomains the domains of the step that saturated, or null
 * @param stopReason         why the ramp ended
 * @param interrupted        true when Ctrl-C or SIGTERM ended it
 * @param steps              steps written to steps.jsonl, the baseline included
 * @param message            one sentence for people
 */
public record RampSummary(int maxStableDomains, Integer saturatedAtDomains, StopReason stopReason, boolean interrupted,
        Instant endTime, int steps, String message) {
}
