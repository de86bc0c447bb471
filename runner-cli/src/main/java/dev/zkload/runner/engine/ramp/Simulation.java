package dev.zkload.runner.engine.ramp;

import dev.zkload.bench.stats.StatsSampler;
import dev.zkload.runner.RunFailure;
import dev.zkload.runner.engine.health.GeneratorMonitor;
import dev.zkload.runner.engine.health.HealthLimits;
import dev.zkload.runner.engine.run.InterruptFlag;
import dev.zkload.runner.engine.run.PreparedRun;
import dev.zkload.runner.engine.run.RunListener;
import dev.zkload.runner.result.MeasuredFootprint;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.SimulateSummary;
import dev.zkload.runner.result.StepServerData;
import dev.zkload.runner.text.Durations;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.DomainStartException;
import dev.zkload.sim.FleetSnapshot;
import dev.zkload.sim.ModelFile;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code simulate}'s engine: holds N domains for a while and samples the servers (no latency benchmark),
 * then tells what each domain cost the servers beside the model's expectation, and how the runner fared.
 * The footprint is the difference between a reading with the fleet started and no domain, and a reading
 * at the end: nothing else is in it. It lives beside the ramp because it measures a held load as a ramp's
 * step does, with the step's readings and figures.
 *
 * @param domains       domains to hold
 * @param duration      how long to hold them once registered
 * @param serverMetrics false with {@code --no-server-metrics}: nothing is sampled, the footprint is unobservable
 * @param health        when the runner itself is the bottleneck
 * @param models        the domains' model
 */
public record Simulation(int domains, Duration duration, boolean serverMetrics, HealthLimits health, ModelFile models) {

    /** The simulation as {@code run.json} records it under {@code settings}. */
    public Map<String, Object> settings() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("domains", domains);
        map.put("durationSec", duration.toSeconds());
        map.put("serverMetrics", serverMetrics);
        return map;
    }

    /**
     * Holds the domains on the prepared run, sampling its servers into {@code server-metrics.csv}; the
     * summary's thresholds are still to be judged. The fleet is closed (its domains removed) on the way out,
     * also on Ctrl-C, which ends the hold early and leaves the footprint unmeasured.
     *
     * @param meters where the fleet's meters go for Prometheus, or null
     * @throws RunFailure when the domains cannot be added or the metrics file not written
     */
    public SimulateSummary run(PreparedRun run, RunListener progress, MeterRegistry meters)
            throws InterruptedException {
        SimulateSummary summary;
        try (StatsSampler sampler = serverMetrics
                        ? StatsSampler.builder()
                                .servers(run.target().servers())
                                .client(run.stats())
                                .csv(run.results().resolve(ResultFiles.METRICS))
                                .build()
                        : null;
                GeneratorMonitor monitor =
                        new GeneratorMonitor(health, run.target().ensemble().orElse(null))) {
            if (sampler != null) {
                sampler.start();
            }
            ServerReadings readings =
                    new ServerReadings(sampler, run.stats(), run.target().servers());
            DomainFleet fleet = run.fleet(models, monitor).meterRegistry(meters).build();
            try {
                summary = hold(fleet, readings, monitor, progress);
            } catch (DomainStartException e) {
                throw new RunFailure("could not add the domains: " + e.getMessage(), e);
            } finally {
                InterruptFlag.aside(fleet::close);
            }
        } catch (IOException e) {
            throw new RunFailure("cannot write " + run.results().dir() + ": " + e.getMessage(), e);
        }
        if (summary.interrupted()) {
            // whoever drives the run sees Ctrl-C as after any other run, now that the metrics file is closed
            Thread.currentThread().interrupt();
        }
        return summary;
    }

    private SimulateSummary hold(
            DomainFleet fleet, ServerReadings readings, GeneratorMonitor monitor, RunListener progress)
            throws InterruptedException {
        fleet.start();
        // read with the fleet's root and admin session in place, so only the domains are in the difference
        StepServerData before = readings.settled();
        progress.line("Adding %d domains ...", domains);
        Instant from = Instant.now();
        long zxid = -1;
        boolean interrupted = false;
        FleetSnapshot held = fleet.snapshot();
        try {
            fleet.addDomains(domains);
            monitor.begin();
            zxid = readings.leaderZxid();
            from = Instant.now();
            held = fleet.snapshot();
            Instant end = from.plus(duration);
            while (Instant.now().isBefore(end)) {
                var s = fleet.snapshot();
                progress.status(
                        "%d domains, %d sessions, %d runs completed, %s left",
                        s.domains(),
                        s.sessionsOpen(),
                        s.runsCompleted(),
                        Durations.clock(Duration.between(Instant.now(), end)));
                Thread.sleep(Math.min(
                        1000, Math.max(1, Duration.between(Instant.now(), end).toMillis())));
            }
        } catch (InterruptedException e) {
            interrupted = true;
        }
        Double writes = readings.writesPerDomain(zxid, from, domains);
        MeasuredFootprint measured =
                interrupted ? null : StepFigures.footprint(before, readings.settled(), domains, writes);
        String note = interrupted
                ? "not measured: interrupted"
                : !serverMetrics
                        ? "not observable: run with --no-server-metrics"
                        : measured == null ? "not observable: a server did not answer its statistics" : null;
        return new SimulateSummary(
                ResultFiles.SCHEMA_VERSION,
                domains,
                Duration.between(from, Instant.now()).toMillis() / 1000.0,
                measured,
                models.expectedFootprint(),
                monitor.end(),
                StepFigures.fleet(held, fleet.snapshot()),
                interrupted,
                note,
                List.of());
    }
}
