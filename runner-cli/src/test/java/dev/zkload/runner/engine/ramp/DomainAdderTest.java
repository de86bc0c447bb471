package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.DomainStartException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A step's domains registered in chunks, within the step's time limit as a whole, not per chunk. */
class DomainAdderTest {
    private final AtomicLong now = new AtomicLong();
    private final List<Integer> chunks = new ArrayList<>();

    /** Each chunk of domains takes the servers {@code perChunk} to register. */
    private DomainAdder adder(Duration perChunk, Duration timeout) {
        return new DomainAdder(
                k -> {
                    chunks.add(k);
                    now.addAndGet(perChunk.toNanos());
                },
                (e, added) -> DomainAdder.Outcome.FAIL,
                null,
                5,
                timeout,
                now::get);
    }

    @Test
    void aStepWhoseDomainsRegisterInTimeAddsThemAll() throws InterruptedException {
        List<Integer> up = new ArrayList<>();
        assertThat(adder(Duration.ofSeconds(30), Duration.ofMinutes(10)).add(100, up::add))
                .isEqualTo(100);
        // 200 sessions at once: chunks of 40 domains of 5 sessions
        assertThat(chunks).containsExactly(40, 40, 20);
        assertThat(up).containsExactly(40, 80, 100);
    }

    @Test
    void theLimitHoldsForTheWholeStepNotForEachChunk() throws InterruptedException {
        // every chunk alone is within 10 minutes; the first two together use them up
        assertThat(adder(Duration.ofMinutes(5), Duration.ofMinutes(10)).add(100, n -> {}))
                .isEqualTo(80);
        assertThat(chunks).containsExactly(40, 40);
    }

    @Test
    void aChunkCutByAnEnsembleEventIsAddedAgainAndOneNoEventExplainsEndsTheAdd() throws InterruptedException {
        DomainStartException cut = failureOfARealFleet();
        List<DomainAdder.Outcome> outcomes = new ArrayList<>(List.of(DomainAdder.Outcome.RETRY));
        List<Integer> tried = new ArrayList<>();
        List<Integer> addedBeforeTheCut = new ArrayList<>();
        DomainAdder adder = new DomainAdder(
                k -> {
                    tried.add(k);
                    if (tried.size() == 2) {
                        throw cut;
                    }
                },
                (e, added) -> {
                    addedBeforeTheCut.add(added);
                    return outcomes.remove(0);
                },
                null,
                5,
                Duration.ofMinutes(10),
                now::get);
        assertThat(adder.add(100, n -> {})).isEqualTo(100);
        assertThat(tried).as("the second chunk, cut, added again").containsExactly(40, 40, 40, 20);
        assertThat(addedBeforeTheCut)
                .as("the recovery is told what the fleet holds of the add without the cut chunk")
                .containsExactly(40);

        tried.clear();
        outcomes.add(DomainAdder.Outcome.STOP);
        assertThat(adder.add(100, n -> {}))
                .as("no leader came back: the step stops adding")
                .isEqualTo(40);

        tried.clear();
        outcomes.add(DomainAdder.Outcome.FAIL);
        assertThatThrownBy(() -> adder.add(100, n -> {})).isSameAs(cut);
    }

    @Test
    void aStepThatKeepsFailingIsNotRecoveringAndEndsAfterTheLastRetry() {
        DomainStartException cut = failureOfARealFleet();
        List<Integer> tried = new ArrayList<>();
        DomainAdder adder = new DomainAdder(
                k -> {
                    tried.add(k);
                    throw cut;
                },
                (e, added) -> DomainAdder.Outcome.RETRY,
                null,
                5,
                Duration.ofMinutes(10),
                now::get);
        assertThatThrownBy(() -> adder.add(10, n -> {})).isSameAs(cut);
        assertThat(tried).hasSize(1 + DomainAdder.MAX_RETRIES);
    }

    /** What a fleet throws when it cannot reach its ensemble: nothing listens on port 1. */
    private static DomainStartException failureOfARealFleet() {
        DomainFleet fleet = DomainFleet.builder("127.0.0.1:1")
                .connectTimeout(Duration.ofMillis(200))
                .build();
        try {
            fleet.start();
            throw new AssertionError("a fleet started with no server to reach");
        } catch (DomainStartException e) {
            return e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } finally {
            fleet.close();
        }
    }
}
