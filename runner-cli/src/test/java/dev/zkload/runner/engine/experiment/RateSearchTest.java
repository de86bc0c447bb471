package dev.zkload.runner.engine.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;

class RateSearchTest {
    /** Runs a search against a synthetic ensemble that holds every rate up to {@code capacity}. */
    private static List<Long> search(RateSearch search, LongPredicate holds) {
        List<Long> tried = new ArrayList<>();
        for (OptionalLong next = search.next(); next.isPresent(); next = search.next()) {
            long rate = next.getAsLong();
            tried.add(rate);
            search.record(rate, holds.test(rate));
        }
        return tried;
    }

    @Test
    void bracketsUpwardsThenBisectsToThePrecision() {
        RateSearch search = new RateSearch(1000, 0.05, 20);
        List<Long> tried = search(search, rate -> rate <= 11_500);
        assertThat(tried).startsWith(1000L, 2000L, 4000L, 8000L, 16_000L, 12_000L, 10_000L, 11_000L);
        assertThat(search.answer()).hasValue(11_500L);
        assertThat(search.converged()).isTrue();
    }

    @Test
    void aFirstRateTooHighIsHalvedUntilOnePasses() {
        RateSearch search = new RateSearch(64_000, 0.1, 20);
        List<Long> tried = search(search, rate -> rate <= 5_000);
        assertThat(tried).startsWith(64_000L, 32_000L, 16_000L, 8_000L, 4_000L, 6_000L, 5_000L);
        assertThat(search.answer()).hasValue(5_000L);
    }

    @Test
    void theAnswerIsOnlyEverARateThatPassed() {
        RateSearch nothing = new RateSearch(10, 0.05, 20);
        search(nothing, rate -> false);
        assertThat(nothing.answer()).isEmpty();
        assertThat(nothing.converged()).isFalse();

        RateSearch cut = new RateSearch(1000, 0.01, 3);
        assertThat(search(cut, rate -> true)).containsExactly(1000L, 2000L, 4000L);
        assertThat(cut.answer()).hasValue(4000L);
        assertThat(cut.converged())
                .as("nothing failed: the ceiling was not found")
                .isFalse();
    }
}
