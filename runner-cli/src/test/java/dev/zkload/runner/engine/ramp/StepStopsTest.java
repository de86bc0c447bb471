package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.stats.StatsSample;
import dev.zkload.zk.connect.ServerAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StepStopsTest {
    private final List<String> status = new ArrayList<>();

    @Test
    void aServerRefusingConnectionsEndsTheSettleWithinSecondsAndTheStatusLineSaysSo() throws Exception {
        try (ResettingPort full = new ResettingPort()) {
            ServerAddress f = full.address();
            ConnectionRefusals refusals = ConnectionRefusalsTest.refusalsOf(f);
            StepStops stops = stopsOf(refusals);
            stops.beginStep(2);
            stops.phase("settling");
            // a statistics connection the full server closed at once
            refusals.offer(List.of(new StatsSample(Instant.now(), f, null, "closed without answering", false)));

            long began = System.nanoTime();
            stops.watchFor(Duration.ofSeconds(60));

            assertThat(Duration.ofNanos(System.nanoTime() - began)).isLessThan(Duration.ofSeconds(5));
            assertThat(stops.refused().orElseThrow()).startsWith(f.hostPort() + " closes new connections");
            stops.phase("measuring");
            assertThat(status)
                    .as("the refusal on the status line, not the phases the step no longer goes through")
                    .containsExactly(
                            "adding", "settling", "a server refuses connections (maxClientCnxns): ending the step");
            assertThat(stops.benchFailure("cannot reach ZooKeeper at " + f.hostPort() + " within 15 s"))
                    .startsWith("cannot reach ZooKeeper")
                    .contains("the ensemble is up: a server refused this runner's connections in this step")
                    .contains("maxClientCnxns");
        }
    }

    @Test
    void aCalmStepWaitsItsTimeOutAndKeepsItsWords() throws Exception {
        StepStops stops = stopsOf(ConnectionRefusalsTest.refusalsOf(new ServerAddress("127.0.0.1", 1)));
        stops.beginStep(2);

        long began = System.nanoTime();
        stops.watchFor(Duration.ofMillis(1200));

        assertThat(Duration.ofNanos(System.nanoTime() - began)).isGreaterThanOrEqualTo(Duration.ofMillis(1200));
        assertThat(stops.refused()).isEmpty();
        stops.phase("measuring");
        assertThat(status).containsExactly("adding", "measuring");
        assertThat(stops.benchFailure("cannot reach ZooKeeper")).isEqualTo("cannot reach ZooKeeper");
    }

    @Test
    void theBaselineIsNeverStoppedForRefusals() throws Exception {
        try (ResettingPort full = new ResettingPort()) {
            ConnectionRefusals refusals = ConnectionRefusalsTest.refusalsOf(full.address());
            StepStops stops = stopsOf(refusals);
            refusals.offer(List.of(new StatsSample(Instant.now(), full.address(), null, "closed", false)));

            assertThat(stops.refused()).as("no load step has begun").isEmpty();
        }
    }

    private StepStops stopsOf(ConnectionRefusals refusals) {
        return new StepStops(
                new SaturationDetector(300, Duration.ofSeconds(30)), () -> Duration.ZERO, refusals, status::add);
    }
}
