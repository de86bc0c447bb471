package dev.zkload.runner.engine.resources;

import dev.zkload.bench.stats.ServerStats;
import dev.zkload.bench.stats.StatsSample;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One server's readings over a window, oldest first, taken from the sampler's rounds: what its running totals
 * (counters and summaries, which count from the server's start) grew by between the window's first and last
 * answer. A total that fell went back to zero with a restart of the server: its growth is then unknown.
 */
final class CounterWindow {
    /** Totals every server keeps from its start; the first it reports decides ({@code uptime}: 3.6 and later). */
    private static final List<String> RESTART_TOTALS = List.of("uptime", "packets_received");

    private final List<ServerStats> readings;
    private final List<java.time.Instant> times;

    private CounterWindow(List<ServerStats> readings, List<java.time.Instant> times) {
        this.readings = readings;
        this.times = times;
    }

    /** The answers of {@code server} (host:port) in {@code rounds}; the rounds a restart split keep only the last part. */
    static CounterWindow of(List<List<StatsSample>> rounds, String server) {
        List<ServerStats> readings = new ArrayList<>();
        List<java.time.Instant> times = new ArrayList<>();
        for (List<StatsSample> round : rounds) {
            for (StatsSample s : round) {
                if (s.server().hostPort().equals(server) && s.reachable()) {
                    if (!readings.isEmpty() && restarted(readings.get(readings.size() - 1), s.stats())) {
                        // totals before the restart are another life's: the window starts again here
                        readings.clear();
                        times.clear();
                    }
                    readings.add(s.stats());
                    times.add(s.time());
                }
            }
        }
        return new CounterWindow(readings, times);
    }

    /** The server started again between two answers: its time up, or what it received, went back. */
    static boolean restarted(ServerStats before, ServerStats after) {
        for (String total : RESTART_TOTALS) {
            long a = before.counter(total);
            long b = after.counter(total);
            if (a >= 0 && b >= 0) {
                return b < a;
            }
        }
        return false;
    }

    boolean answered() {
        return !readings.isEmpty();
    }

    ServerStats last() {
        return readings.get(readings.size() - 1);
    }

    /** Seconds between the first and last answer. */
    double seconds() {
        return readings.size() < 2
                ? 0
                : Duration.between(times.get(0), times.get(times.size() - 1)).toMillis() / 1000.0;
    }

    /** What counter {@code key} grew by; empty when not reported, not read twice, or reset by a restart. */
    Optional<Long> growth(String key) {
        if (readings.size() < 2) {
            return Optional.empty();
        }
        long first = readings.get(0).counter(key);
        long last = last().counter(key);
        return first < 0 || last < first ? Optional.empty() : Optional.of(last - first);
    }

    /** Summary {@code name}'s values added in the window: their count and mean; empty when unknown. */
    Optional<Grown> grown(String name) {
        if (readings.size() < 2) {
            return Optional.empty();
        }
        return between(readings.get(0), last(), name);
    }

    /** The highest mean of summary {@code name} between two consecutive answers (a second apart); 0 when none grew. */
    double worstStepMean(String name) {
        double worst = 0;
        for (int i = 1; i < readings.size(); i++) {
            Optional<Grown> g = between(readings.get(i - 1), readings.get(i), name);
            if (g.isPresent() && g.get().count() > 0) {
                worst = Math.max(worst, g.get().mean());
            }
        }
        return worst;
    }

    private static Optional<Grown> between(ServerStats a, ServerStats b, String name) {
        Optional<ServerStats.Summary> x = a.summary(name);
        Optional<ServerStats.Summary> y = b.summary(name);
        if (x.isEmpty() || y.isEmpty() || y.get().count() < x.get().count()) {
            return Optional.empty();
        }
        long count = y.get().count() - x.get().count();
        double sum = y.get().sum() - x.get().sum();
        return Optional.of(new Grown(count, count == 0 ? 0 : sum / count));
    }

    /** Values a summary gained in a window: how many, and their mean. */
    record Grown(long count, double mean) {}
}
