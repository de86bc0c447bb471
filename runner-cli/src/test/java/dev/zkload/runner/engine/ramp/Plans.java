package dev.zkload.runner.engine.ramp;

import dev.zkload.sim.ModelFile;
import dev.zkload.sim.SaturnModel;
import java.time.Duration;

/** Ramp plans for the engine's unit tests: the ramp's defaults, with a small benchmark. */
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
        return RampPlan.builder("/zkload/ramp-t", models)
                .domains(domains)
                .bench(100, 100, 0, Duration.ofSeconds(30))
                .serverMetrics(serverMetrics)
                .yourDomains(yourDomains)
                .build();
    }
}
