package dev.zkload.runner.engine.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.result.GeneratorHealth;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
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
        // the share is given, not the machine's: the figure is this process's CPU over one core, however many the
        // machine has and however busy it is
        HealthLimits strict = new HealthLimits(1, Duration.ofSeconds(1), Duration.ofSeconds(1));
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        try (GeneratorMonitor monitor = new GeneratorMonitor(strict, null, 1.0)) {
            monitor.begin();
            long wall = System.nanoTime();
            long cpu = threads.getCurrentThreadCpuTime();
            long until = wall + 400_000_000L;
            long x = 0;
            while (System.nanoTime() < until) {
                x += Long.numberOfTrailingZeros(x + System.nanoTime());
            }
            double thisThread = 100.0 * (threads.getCurrentThreadCpuTime() - cpu) / (System.nanoTime() - wall);
            GeneratorHealth h = monitor.end();
            // the process used at least what this one thread got of the core (less a tick's rounding), whatever the
            // machine gave it
            assertThat(h.shareCores()).isEqualTo(1.0);
            assertThat(h.cpuPercentOfShare()).as("x=%d", x).isGreaterThanOrEqualTo(0.8 * thisThread);
            assertThat(h.bound()).isEqualTo(h.cpuPercentOfShare() >= 1);
            assertThat(h.reasons())
                    .allMatch(r -> r.startsWith("the runner used"))
                    .hasSize(h.bound() ? 1 : 0);
            assertThat(h.lateOnly())
                    .as("its own CPU: no lateness a busy machine explains")
                    .isFalse();
        }
    }
}
