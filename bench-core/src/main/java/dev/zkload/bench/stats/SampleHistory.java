package dev.zkload.bench.stats;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The last rounds of a {@link StatsSampler}, in memory, oldest first: one of the sampler's listeners, read from any
 * thread while the sampler adds to it.
 */
final class SampleHistory implements Consumer<List<StatsSample>> {
    private final int rounds;
    private final Deque<List<StatsSample>> series = new ArrayDeque<>();

    /** @param rounds how many rounds it keeps; older ones are dropped */
    SampleHistory(int rounds) {
        this.rounds = rounds;
    }

    @Override
    public synchronized void accept(List<StatsSample> round) {
        series.addLast(List.copyOf(round));
        while (series.size() > rounds) {
            series.removeFirst();
        }
    }

    synchronized List<List<StatsSample>> all() {
        return List.copyOf(series);
    }

    List<List<StatsSample>> since(Instant since) {
        return all().stream()
                .filter(r -> !r.isEmpty() && !r.get(0).time().isBefore(since))
                .toList();
    }

    synchronized Optional<List<StatsSample>> newest() {
        return Optional.ofNullable(series.peekLast());
    }
}
