package dev.zkload.runner.engine.scan;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * The model file of what a scan read (docs/model-files.md): one domain kind per namespace, its jobs
 * grouped by shape, and a summary of the fleet as distributions. What ZooKeeper cannot show is
 * stated: the run time (the file's default, for the user to change), consoles where no latch was
 * seen, and namespaces left out because they have no job.
 */
public final class ScannedModel {
    static final Duration DEFAULT_RUN_TIME = Duration.ofSeconds(2);
    private static final Pattern VERSION = Pattern.compile("(?<![\\d.])(\\d{1,3})\\.\\d+");

    private ScannedModel() {}

    /** The file's content as nested maps, in the order the file shows them. */
    /**
     * The file.
     *
     * @param consoles the console instances taking part in every namespace's sharding, or 0 for what
     *     the election shows (the leader, at least 1)
     */
    public static Map<String, Object> of(String name, List<ScannedDomain> domains, int consoles, long requests) {
        Map<String, Object> file = new LinkedHashMap<>();
        file.put("model", name);
        String version = version(domains);
        file.put("version", version);
        file.put("zkClient", zkClient(domains, version));
        file.put("defaults", Map.of("runTime", DEFAULT_RUN_TIME.toSeconds() + "s"));
        List<Object> kinds = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (ScannedDomain d : domains) {
            if (d.jobs().isEmpty()) {
                skipped.add(d.namespace());
            } else {
                kinds.add(kind(d, consoles, version.equals("saturn-3") ? 34 : 30));
            }
        }
        file.put("kinds", kinds);
        file.put("summary", FleetSummary.of(domains, skipped, requests));
        return file;
    }

    /**
     * What the executors registered as their version (its first "major.minor", whatever surrounds it:
     * {@code 3.5.1}, {@code saturn-3.5.1}), else whether any job has a field only 3.x writes; the choice is
     * said on the console and in the file ({@link ScanNotes}).
     */
    static String version(List<ScannedDomain> domains) {
        int two = 0;
        int three = 0;
        for (ScannedDomain d : domains) {
            OptionalInt major = major(d.version());
            if (major.isPresent() && major.getAsInt() == 2) {
                two++;
            } else if (major.isPresent() && major.getAsInt() >= 3) {
                three++;
            } else if (d.jobs().stream().anyMatch(ScannedJob::saturn3)) {
                three++;
            } else {
                two++;
            }
        }
        return three > two ? "saturn-3" : "saturn-2.1";
    }

    /** The major version in an executor's version text, e.g. 3 in {@code saturn-3.5.1}; empty in {@code sim}. */
    static OptionalInt major(String version) {
        Matcher m = VERSION.matcher(version == null ? "" : version);
        return m.find() ? OptionalInt.of(Integer.parseInt(m.group(1))) : OptionalInt.empty();
    }

    /**
     * The client line most namespaces' latches showed (3.5 on a tie: Saturn 3.5's release ships 3.5.8), else,
     * where none showed one, the line the version's executors ship with (3.4 for 2.1, 3.5 for 3.x).
     */
    static String zkClient(List<ScannedDomain> domains, String version) {
        long three4 = domains.stream().filter(d -> "3.4".equals(d.zkClient())).count();
        long three5 = domains.stream().filter(d -> "3.5".equals(d.zkClient())).count();
        if (three4 + three5 == 0) {
            return version.equals("saturn-3") ? "3.5" : "3.4";
        }
        return three4 > three5 ? "3.4" : "3.5";
    }

    private static Map<String, Object> kind(ScannedDomain d, int consoles, int maxFields) {
        Map<String, Object> k = new LinkedHashMap<>();
        k.put("name", d.namespace());
        k.put("weight", 1);
        // a domain needs one executor to simulate; none online is modelled as one (the summary counts them)
        k.put("executors", Math.max(1, d.online()));
        k.put("registered", Math.max(Math.max(1, d.online()), d.registered()));
        k.put("consoles", consoles > 0 ? consoles : Math.max(1, d.consoles()));
        Map<ScannedJob, Integer> shapes = new LinkedHashMap<>();
        for (ScannedJob j : d.jobs()) {
            shapes.merge(j, 1, Integer::sum);
        }
        List<Object> jobs = new ArrayList<>();
        shapes.forEach((j, count) -> jobs.add(job(j, count, maxFields)));
        k.put("jobs", jobs);
        return k;
    }

    private static Map<String, Object> job(ScannedJob j, int count, int maxFields) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("count", count);
        m.put("items", j.items());
        Long periodMs = FleetSummary.periodMs(j);
        if (periodMs != null) {
            m.put("cron", j.cron());
            if (j.timeZone() != null) {
                m.put("timeZone", j.timeZone());
            }
        }
        if (j.jobType() != null) {
            m.put("jobType", j.jobType());
        }
        // children beyond the line's fields (toDelete, forceShard, …) are counted in the bytes, not as fields
        m.put("configFields", Math.min(j.configFields(), maxFields));
        m.put("configBytes", j.configBytes());
        m.put("enabled", j.enabled());
        m.put("enabledReport", j.enabledReport());
        // a job firing more often than the default run time lasts gets half its interval
        if (periodMs != null && periodMs <= DEFAULT_RUN_TIME.toMillis()) {
            m.put("runTime", Math.max(1, periodMs / 2) + "ms");
        }
        return m;
    }

    /** The file's text: a header saying where it comes from and what it could not read, then the YAML. */
    public static String yaml(Map<String, Object> model, String source) {
        return yaml(model, source, List.of());
    }

    /**
     * The file's text, with the scan's notes ({@link ScanNotes}) in its header too.
     *
     * @param notes what the scan chose or could not read, one sentence each
     */
    public static String yaml(Map<String, Object> model, String source, List<String> notes) {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setIndicatorIndent(2);
        options.setIndentWithIndicator(true);
        // two equal values (two empty lists) are written twice, never as an anchor and an alias a reader must follow
        options.setDereferenceAliases(true);
        StringBuilder header = new StringBuilder()
                .append("# A zkload model file (docs/model-files.md), written by 'zkload model scan' from ")
                .append(source)
                .append(".\n")
                .append("# runTime cannot be read from ZooKeeper: defaults.runTime is a stated default; set it (or a"
                        + " job's\n")
                .append("# runTime) to your jobs' real run time. Consoles other than the sharding leader cannot be"
                        + " seen:\n")
                .append("# give --consoles, or set each kind's consoles. zkClient is the ZooKeeper client line the"
                        + " executors'\n")
                .append("# election latches show (3.4: persistent, 3.5: containers), see summary.zkClientLines.\n");
        notes.forEach(n -> header.append("# ").append(n).append('\n'));
        return header + new Yaml(options).dump(model);
    }
}
