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

    /** A release number at the start of a server's version string: {@code 3.9.5-…, built on …}. */
    private static final java.util.regex.Pattern RELEASE = java.util.regex.Pattern.compile("^(\\d+)\\.(\\d+)\\.(\\d+)");

    private final List<ServerStats> readings;
    private final List<java.time.Instant> times;
    private final int asked;
    private final int answered;
    private final boolean restarted;

    private CounterWindow(
            List<ServerStats> readings, List<java.time.Instant> times, int asked, int answered, boolean restarted) {
        this.readings = readings;
        this.times = times;
        this.asked = asked;
        this.answered = answered;
        this.restarted = restarted;
    }

    /** The answers of {@code server} (host:port) in {@code rounds}; the rounds a restart split keep only the last part. */
    static CounterWindow of(List<List<StatsSample>> rounds, String server) {
        List<ServerStats> readings = new ArrayList<>();
        List<java.time.Instant> times = new ArrayList<>();
        int asked = 0;
        int answered = 0;
        boolean restarted = false;
        for (List<StatsSample> round : rounds) {
            for (StatsSample s : round) {
                if (!s.server().hostPort().equals(server)) {
                    continue;
                }
                asked++;
                if (s.reachable()) {
                    answered++;
                    if (!readings.isEmpty() && restarted(readings.get(readings.size() - 1), s.stats())) {
                        // totals before the restart are another life's: the window starts again here
                        readings.clear();
                        times.clear();
                        restarted = true;
                    }
                    readings.add(s.stats());
                    times.add(s.time());
                }
            }
        }
        return new CounterWindow(readings, times, asked, answered, restarted);
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

    /**
     * Why a total the server keeps from its start ({@code what}, e.g. "fsynctime summary") could not be read over the
     * window, in words: its statistics unanswered, a restart, or a release without it — the release the server
     * itself reported; empty when it was read.
     *
     * @param since the release that first keeps it, {@code {3, 6}}
     */
    Optional<String> whyNot(String what, boolean present, int... since) {
        if (present) {
            return Optional.empty();
        }
        if (answered < 2) {
            return Optional.of("its statistics answered in " + answered + " of " + asked + " rounds");
        }
        if (readings.size() < 2 && restarted) {
            return Optional.of("it restarted at the window's end");
        }
        Optional<int[]> release = release();
        if (release.isEmpty()) {
            return Optional.of("no " + what + " in its statistics, and no release number in its version '"
                    + last().version() + "'");
        }
        int[] r = release.get();
        String version = r[0] + "." + r[1] + "." + r[2];
        boolean older = r[0] < since[0] || (r[0] == since[0] && r[1] < since[1]);
        return Optional.of(
                older
                        ? "ZooKeeper " + version + ", before " + since[0] + "." + since[1] + ", keeps no " + what
                        : "no " + what + " in what its ZooKeeper " + version + " reports ("
                                + (last().source() == ServerStats.Source.ADMIN_HTTP
                                        ? "its AdminServer's monitor"
                                        : "mntr")
                                + ")");
    }

    /** The release the server reported, as major, minor, patch; empty when its version names none. */
    Optional<int[]> release() {
        if (readings.isEmpty() || last().version() == null) {
            return Optional.empty();
        }
        java.util.regex.Matcher m = RELEASE.matcher(last().version().trim());
        return m.find()
                ? Optional.of(new int[] {
                    Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))
                })
                : Optional.empty();
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
