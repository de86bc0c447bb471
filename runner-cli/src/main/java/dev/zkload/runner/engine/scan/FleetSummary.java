package dev.zkload.runner.engine.scan;

import dev.zkload.sim.ModelFile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The fleet a scan saw, as distributions (min, median, p90, max, total) of domain sizes and fire
 * rates, and counts of what the model states rather than reads: jobs off cron, faster than once a
 * minute, disabled, with a cron it cannot read, namespaces without jobs or executors online.
 */
final class FleetSummary {
    private FleetSummary() {}

    static Map<String, Object> of(List<ScannedDomain> domains, List<String> skipped, long requests) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("namespaces", domains.size());
        m.put("requests", requests);
        m.put("executorsOnlinePerDomain", distribution(domains, d -> d.online()));
        m.put("executorsRegisteredPerDomain", distribution(domains, d -> d.registered()));
        m.put("consolesSeenPerDomain", distribution(domains, d -> d.consoles()));
        m.put("jobsPerDomain", distribution(domains, d -> d.jobs().size()));
        m.put("firesPerMinutePerDomain", distribution(domains, FleetSummary::firesPerMinute));
        List<ScannedJob> jobs = domains.stream().flatMap(d -> d.jobs().stream()).toList();
        m.put("itemsPerJob", distribution(jobs, j -> j.items()));
        m.put("firesPerMinutePerJob", distribution(jobs, FleetSummary::firesPerMinute));
        m.put("configBytesPerJob", distribution(jobs, j -> j.configBytes()));
        m.put("jobsNotOnCron", jobs.stream().filter(j -> j.cron() == null).count());
        m.put(
                "jobsWithUnreadableCron",
                jobs.stream()
                        .filter(j -> j.cron() != null && periodMs(j) == null)
                        .count());
        m.put(
                "jobsFasterThanOncePerMinute",
                jobs.stream().filter(j -> firesPerMinute(j) > 1).count());
        m.put("jobsDisabled", jobs.stream().filter(j -> !j.enabled()).count());
        Map<String, Object> lines = new LinkedHashMap<>();
        for (String line : new String[] {"3.4", "3.5"}) {
            lines.put(
                    line,
                    domains.stream().filter(d -> line.equals(d.zkClient())).count());
        }
        lines.put("unseen", domains.stream().filter(d -> d.zkClient() == null).count());
        m.put("zkClientLines", lines);
        m.put("namespacesWithoutJobs", skipped);
        m.put(
                "namespacesWithoutExecutorsOnline",
                domains.stream()
                        .filter(d -> d.online() == 0)
                        .map(ScannedDomain::namespace)
                        .toList());
        m.put(
                "namespacesWithoutConsoleLeader",
                domains.stream()
                        .filter(d -> d.consoles() == 0)
                        .map(ScannedDomain::namespace)
                        .toList());
        return m;
    }

    /** The mean interval between fires of a job's cron, or null when it has none or it cannot be read. */
    static Long periodMs(ScannedJob j) {
        if (j.cron() == null) {
            return null;
        }
        try {
            double perMinute = ModelFile.firesPerMinute(j.cron());
            return perMinute > 0 ? Math.max(1, Math.round(60_000 / perMinute)) : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Fires per minute of an enabled job on a readable cron, else 0. */
    static double firesPerMinute(ScannedJob j) {
        Long period = periodMs(j);
        return j.enabled() && period != null ? 60_000.0 / period : 0;
    }

    private static double firesPerMinute(ScannedDomain d) {
        return d.jobs().stream().mapToDouble(FleetSummary::firesPerMinute).sum();
    }

    private static <T> Map<String, Object> distribution(List<T> values, ToDoubleFunction<T> f) {
        List<Double> sorted = new ArrayList<>();
        for (T v : values) {
            sorted.add(f.applyAsDouble(v));
        }
        sorted.sort(null);
        Map<String, Object> m = new LinkedHashMap<>();
        if (sorted.isEmpty()) {
            return m;
        }
        m.put("min", number(sorted.get(0)));
        m.put("median", number(sorted.get((sorted.size() - 1) / 2)));
        m.put("p90", number(sorted.get((int) Math.ceil(0.9 * sorted.size()) - 1)));
        m.put("max", number(sorted.get(sorted.size() - 1)));
        m.put("total", number(sorted.stream().mapToDouble(Double::doubleValue).sum()));
        return m;
    }

    /** Whole numbers as integers, the rest to three decimals. */
    private static Object number(double v) {
        return v == Math.rint(v) && Math.abs(v) < Long.MAX_VALUE ? (Object) (long) v : Math.round(v * 1000) / 1000.0;
    }
}
