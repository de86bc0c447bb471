package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.engine.run.RunListener;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RampProgressTest {
    @Test
    void theLineSaysStepPhaseDomainsUpQueueAndTimeLeftWithinEightyColumns() {
        RampProgress p = new RampProgress(RunListener.SILENT, 7, 300, () -> 412, () -> 41.2);
        Instant t0 = Instant.now();
        p.step(1, 100);
        p.step(2, 200);
        p.phase("adding");
        p.up(140);
        String line = p.line(t0.plusSeconds(1));
        assertThat(line).startsWith("step 2/7 200 dom: adding, 140 up | out 412/300 | cpu 41% | ~");
        assertThat(("[0:12:31] " + line).length()).isLessThan(80);
        p.phase("measuring deleteEphemeral");
        assertThat(p.line(t0.plusSeconds(1))).doesNotContain(" up |").contains("measuring deleteEphemeral");
    }

    @Test
    void theRefinementsStepsAreNamedSoWithoutAStepCountOrATimeLeft() {
        RampProgress p = new RampProgress(RunListener.SILENT, 4, 300, () -> 280, () -> 38.0);
        Instant t0 = Instant.now();
        for (int k = 1; k <= 4; k++) {
            p.step(k, 100 * k);
        }
        p.refining();
        p.step(5, 350);
        p.phase("settling");
        assertThat(p.line(t0.plusSeconds(1))).isEqualTo("refining at 350 dom: settling | out 280/300 | cpu 38%");
    }

    @Test
    void withoutServerMetricsItSaysSo() {
        RampProgress p = new RampProgress(RunListener.SILENT, 7, 300, null, () -> 3.0);
        p.step(1, 100);
        p.phase("settling");
        assertThat(p.line(Instant.now())).isEqualTo("step 1/7 100 dom: settling | no server metrics | cpu 3%");
    }
}
