package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.engine.health.HealthLimits;
import dev.zkload.sim.ModelFile;
import dev.zkload.sim.SaturnModel;
import java.time.Duration;

/** Ramp plans for the engine's unit tests: the CLI's defaults, but for the target and the server metrics. */
final class Plans {
    private Plans() {}

    static RampPlan plan(int domains, boolean serverMetrics) {
        return plan(domains, serverMetrics, null);
    }

    /** @param yourDomains what a model file's domains are, as the verdict names them; null for a built-in model */
    static RampPlan plan(int domains, boolean serverMetrics, String yourDomains) {
        return plan(domains, serverMetrics, yourDomains, ModelFile.of(SaturnModel.saturn21()));
    }

    static RampPlan plan(int domains, boolean serverMetrics, String yourDomains, ModelFile models) {
        return new RampPlan(
                domains,
                100,
                "/zkload/ramp-t",
                300,
                Duration.ofSeconds(60),
                Duration.ofSeconds(60),
                Duration.ofMinutes(10),
                null,
                0.01,
                0.05,
                RampPlan.BenchTarget.LEADER,
                new RampPlan.BenchSize(100, 100, 0, Duration.ofSeconds(30)),
                Shard.ALONE,
                null,
                null,
                serverMetrics,
                HealthLimits.DEFAULT,
                models,
                yourDomains,
                Resolution.DEFAULT,
                false,
                RampPlan.TreeWrites.PIPELINED);
    }
}
