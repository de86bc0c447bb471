package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

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
}
