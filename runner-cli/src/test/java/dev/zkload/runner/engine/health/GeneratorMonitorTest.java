package dev.zkload.runner.engine.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.result.GeneratorHealth;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class GeneratorMonitorTest {
    @Test
    void lateFiresOverTheLimitMakeTheWindowGeneratorBoundAndTheNextWindowStartsClean() {
        try (GeneratorMonitor monitor = new GeneratorMonitor(HealthLimits.DEFAULT, null)) {
            monitor.begin();
            for (int i = 0; i < 98; i++) {
                monitor.fireLagListener().accept(2_000); // 2 ms
            }
            monitor.fireLagListener().accept(1_500_000); // 1.5 s
            monitor.fireLagListener().accept(1_600_000);
            GeneratorHealth late = monitor.end();
            assertThat(late.fireLag().count()).isEqualTo(100);
            assertThat(late.fireLag().p50Ms()).isEqualTo(2.0);
            assertThat(late.fireLag().p99Ms()).isGreaterThan(1000.0);
            assertThat(late.bound()).isTrue();
            assertThat(late.reasons())
                    .singleElement()
                    .asString()
                    .startsWith("job fires ran 1.5 s late (p99; limit 1.0 s)");

            monitor.begin();
            monitor.fireLagListener().accept(3_000);
            GeneratorHealth calm = monitor.end();
            assertThat(calm.fireLag().count()).isEqualTo(1);
            assertThat(calm.bound()).isFalse();
            assertThat(calm.reasons()).isEmpty();
        }
    }

    @Test
    void aWindowWithNothingScheduledJudgesNoLag() {
        try (GeneratorMonitor monitor = new GeneratorMonitor(HealthLimits.DEFAULT, null)) {
            GeneratorHealth h = monitor.end();
            assertThat(h.fireLag().count()).isZero();
            assertThat(h.fireLag().p99Ms()).isNull();
            assertThat(h.samplerLag().count()).isZero();
            assertThat(h.serversCpuPercent()).isEmpty();
        }
    }

    @Test
    void theRunnersOwnCpuIsMeasuredAgainstItsShare() {
        HealthLimits strict = new HealthLimits(10, Duration.ofSeconds(1), Duration.ofSeconds(1));
        try (GeneratorMonitor monitor = new GeneratorMonitor(strict, null)) {
            monitor.begin();
            long until = System.nanoTime() + 400_000_000L;
            long x = 0;
            while (System.nanoTime() < until) {
                x += Long.numberOfTrailingZeros(x + System.nanoTime());
            }
            GeneratorHealth h = monitor.end();
            // one thread busy for the whole window: at least a fifth of its share on a machine of up to 4 cores
            assertThat(h.cpuPercentOfShare()).as("x=%d", x).isGreaterThan(100.0 / monitor.shareCores() / 5);
            assertThat(h.bound()).isTrue();
            assertThat(h.reasons()).anyMatch(r -> r.startsWith("the runner used"));
        }
    }
}
