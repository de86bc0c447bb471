package dev.zkload.runner.engine.ramp;

import dev.zkload.bench.ops.LatencyRun;
import dev.zkload.runner.engine.health.GeneratorMonitor;
import dev.zkload.runner.engine.resources.HostWindow;
import dev.zkload.runner.result.GeneratorHealth;
import dev.zkload.runner.result.HostUsage;
import dev.zkload.runner.result.MeasuredFootprint;
import dev.zkload.runner.result.StepPhases;
import java.time.Duration;
import java.time.Instant;

/**
 * What the ramp gathered during one step, made by the three kinds of step below, each with what it has.
 *
 * @param domains     the domains the step holds
 * @param settledFrom when the settled load began (the baseline: at its start; a registration stopped: at its end)
 * @param health      the runner's health over the settled load
 * @param duringAdd   the runner's health while the domains registered; null at the baseline
 * @param hostDuringAdd this machine while the domains registered; null at the baseline, or where not read
 * @param run         the benchmark; null when none ran
 * @param footprint   what a domain cost the servers; null when not observed
 */
record StepMeasurement(
        Kind kind,
        int domains,
        StepPhases phases,
        Instant settledFrom,
        GeneratorHealth health,
        GeneratorHealth duringAdd,
        HostUsage hostDuringAdd,
        LatencyRun run,
        MeasuredFootprint footprint) {

    /** How a step ended: which of its phases it went through, and so what of it there is to judge. */
    enum Kind {
        /** Step 0: the benchmark on the empty ensemble. */
        BASELINE,
        /** Stopped while its domains registered: no load settled, nothing is judged. */
        REGISTRATION_ONLY,
        /** Its domains up and their load settled and measured. */
        SETTLED
    }

    static StepMeasurement baseline(OpenedStep step, GeneratorHealth health, LatencyRun run) {
        Instant start = step.start();
        return new StepMeasurement(
                Kind.BASELINE, 0, StepFigures.phases(start, start, start), start, health, null, null, run, null);
    }

    /**
     * A step stopped while its domains registered: its phases are the registration alone, which is
     * the window its generator health was {@code duringAdd}; the settled window is empty (no rounds,
     * no benchmark, no footprint), so nothing is judged on a load that never settled.
     */
    static StepMeasurement registrationOnly(OpenedStep step, int domains, GeneratorMonitor monitor, HostWindow host) {
        Instant now = Instant.now();
        GeneratorHealth duringAdd = monitor.end();
        HostUsage hostDuringAdd = host.end();
        monitor.begin();
        StepPhases phases = new StepPhases(StepFigures.tenths(Duration.between(step.start(), now)), 0, 0);
        return new StepMeasurement(
                Kind.REGISTRATION_ONLY, domains, phases, now, monitor.end(), duringAdd, hostDuringAdd, null, null);
    }

    /**
     * A step whose load settled.
     *
     * @param added    when its domains were up (its load settled from then)
     * @param measured when its measurement began
     */
    static StepMeasurement settled(
            OpenedStep step,
            int held,
            Instant added,
            Instant measured,
            GeneratorHealth health,
            GeneratorHealth duringAdd,
            HostUsage hostDuringAdd,
            LatencyRun run,
            MeasuredFootprint footprint) {
        StepPhases phases = StepFigures.phases(step.start(), added, measured);
        return new StepMeasurement(Kind.SETTLED, held, phases, added, health, duringAdd, hostDuringAdd, run, footprint);
    }
}
