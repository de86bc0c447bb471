package dev.zkload.sim;

import java.io.Reader;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Reads a model file (docs/model-files.md) from SnakeYAML's node tree, which keeps the line of every
 * value, so whatever is wrong is one sentence naming the file and line. Unknown keys are errors too:
 * a misspelt {@code itmes} must not silently become the default.
 */
final class ModelFileParser {
    /** The zone Saturn reads a job's cron in when its {@code timeZone} is empty. */
    static final ZoneId SATURN_TIME_ZONE = ZoneId.of("Asia/Shanghai");

    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m|h|d)");
    /** The longest duration a file may give: what fits in a long of milliseconds, in whole days. */
    private static final long MAX_DAYS = Long.MAX_VALUE / 86_400_000L;

    private static final Set<String> TOP =
            Set.of("model", "version", "zkClient", "timing", "defaults", "kinds", "summary");
    private static final Set<String> KIND = Set.of("name", "weight", "executors", "registered", "consoles", "jobs");
    private static final Set<String> JOB = Set.of(
            "count",
            "items",
            "cron",
            "timeZone",
            "every",
            "jobType",
            "configFields",
            "configBytes",
            "enabled",
            "enabledReport",
            "runTime");

    private final String source;
    /** What the file says that is allowed but easy to get wrong, each naming its line. */
    private final List<String> warnings = new ArrayList<>();

    private ModelFileParser(String source) {
        this.source = source;
    }

    static ModelFile parse(Reader in, String source, String defaultName) {
        ModelFileParser p = new ModelFileParser(source);
        Node root;
        try {
            root = new Yaml(new LoaderOptions()).compose(in);
        } catch (MarkedYAMLException e) {
            int line = e.getProblemMark() == null ? 0 : e.getProblemMark().getLine() + 1;
            throw new IllegalArgumentException(
                    source + ":" + line + ": not YAML: " + e.getProblem() + " (docs/model-files.md)", e);
        } catch (YAMLException e) {
            throw new IllegalArgumentException(source + ": not YAML: " + e.getMessage(), e);
        }
        if (root == null) {
            throw new IllegalArgumentException(source + " is empty: a model file needs version and kinds");
        }
        return p.file(root, defaultName);
    }

    private ModelFile file(Node root, String defaultName) {
        Map<String, Node> top = map(root, TOP, "the file");
        SaturnVersion version;
        Node v = required(top, "version", root);
        try {
            version = SaturnVersion.of(scalar(v, "version"));
        } catch (IllegalArgumentException e) {
            throw fail(v, "version must be saturn-2.1 or saturn-3, not '" + scalar(v, "version") + "'");
        }
        ZkClientLine zkClient = version.defaultClient();
        if (top.containsKey("zkClient")) {
            Node c = top.get("zkClient");
            try {
                zkClient = ZkClientLine.of(scalar(c, "zkClient"));
            } catch (IllegalArgumentException e) {
                throw fail(c, "zkClient must be 3.4 or 3.5, not '" + scalar(c, "zkClient") + "'");
            }
        }
        RunTimeDefault runTime = RunTimeDefault.UNWRITTEN;
        if (top.containsKey("defaults")) {
            Map<String, Node> d = map(top.get("defaults"), Set.of("runTime"), "defaults");
            if (d.containsKey("runTime")) {
                runTime = new RunTimeDefault(duration(d.get("runTime"), "defaults.runTime"), true);
            }
        }
        boolean cronTiming = false;
        if (top.containsKey("timing")) {
            String timing = scalar(top.get("timing"), "timing");
            if (!timing.equals("spread") && !timing.equals("cron")) {
                throw fail(top.get("timing"), "timing must be spread or cron, not '" + timing + "'");
            }
            cronTiming = timing.equals("cron");
        }
        Node kindsNode = required(top, "kinds", root);
        if (!(kindsNode instanceof SequenceNode seq) || seq.getValue().isEmpty()) {
            throw fail(kindsNode, "kinds must be a list of at least one domain kind");
        }
        List<DomainKind> kinds = new ArrayList<>();
        for (Node k : seq.getValue()) {
            DomainKind kind = kind(k, version, runTime, cronTiming);
            if (kinds.stream().anyMatch(o -> o.name().equals(kind.name()))) {
                throw fail(k, "kind '" + kind.name() + "' is named twice");
            }
            kinds.add(kind);
        }
        String name = top.containsKey("model") ? scalar(top.get("model"), "model") : defaultName;
        return new ModelFile(name, version, zkClient, kinds, warnings);
    }

    private DomainKind kind(Node node, SaturnVersion version, RunTimeDefault runTime, boolean cronTiming) {
        Map<String, Node> k = map(node, KIND, "a kind");
        String name = scalar(required(k, "name", node), "name");
        double weight = k.containsKey("weight") ? number(k.get("weight"), "weight") : 1;
        if (!(weight > 0) || Double.isInfinite(weight)) {
            throw fail(k.get("weight"), "weight of kind '" + name + "' must be a positive number");
        }
        int executors = positive(required(k, "executors", node), "executors");
        int registered = k.containsKey("registered") ? positive(k.get("registered"), "registered") : executors;
        if (registered < executors) {
            throw fail(
                    k.get("registered"),
                    "registered (" + registered + ") must be at least the online executors (" + executors + ")");
        }
        int consoles = k.containsKey("consoles") ? positive(k.get("consoles"), "consoles") : 1;
        Node jobsNode = required(k, "jobs", node);
        if (!(jobsNode instanceof SequenceNode seq) || seq.getValue().isEmpty()) {
            throw fail(jobsNode, "jobs of kind '" + name + "' must be a list of at least one job shape");
        }
        List<JobGroup> jobs = new ArrayList<>();
        for (Node j : seq.getValue()) {
            jobs.add(job(j, version, runTime, cronTiming));
        }
        return new DomainKind(name, weight, executors, registered, consoles, jobs);
    }

    private JobGroup job(Node node, SaturnVersion version, RunTimeDefault defaultRunTime, boolean cronTiming) {
        Map<String, Node> j = map(node, JOB, "a job shape");
        int count = j.containsKey("count") ? positive(j.get("count"), "count") : 1;
        int items = positive(required(j, "items", node), "items");
        if (j.containsKey("cron") && j.containsKey("every")) {
            throw fail(j.get("every"), "a job shape has cron or every, not both");
        }
        String cron = null;
        Duration period = null;
        if (j.containsKey("cron")) {
            cron = scalar(j.get("cron"), "cron");
            try {
                period = Duration.ofMillis(CronRate.periodMs(cron));
            } catch (IllegalArgumentException e) {
                throw fail(j.get("cron"), e.getMessage());
            }
        } else if (j.containsKey("every")) {
            period = duration(j.get("every"), "every");
        }
        String jobType = j.containsKey("jobType") ? scalar(j.get("jobType"), "jobType") : null;
        int maxFields = version.configFields().size();
        int fields = j.containsKey("configFields")
                ? positive(j.get("configFields"), "configFields")
                : version.defaultConfigFields();
        if (fields > maxFields) {
            throw fail(j.get("configFields"), "configFields must be at most " + maxFields + " for " + version);
        }
        int bytes = j.containsKey("configBytes") ? nonNegative(j.get("configBytes"), "configBytes") : 0;
        boolean enabled = !j.containsKey("enabled") || bool(j.get("enabled"), "enabled");
        if (period == null
                && enabled
                && JobGroup.executorReports(jobType)
                && !jobType(jobType).startsWith("PASSIVE_")) {
            // a cron job without its cron: what a scan writes for a job whose cron is empty, and a forgotten line
            warnings.add(source + ":" + (node.getStartMark().getLine() + 1) + ": a job shape with no cron and no"
                    + " every never fires on its own: its jobs hold their tree, watches and sessions, and run only"
                    + " when triggered (give cron or every for jobs that fire)");
        }
        Duration runTime = j.containsKey("runTime") ? duration(j.get("runTime"), "runTime") : null;
        Node runTimeAt = j.containsKey("runTime") ? j.get("runTime") : node;
        String runTimeName = j.containsKey("runTime") ? "runTime" : "defaults.runTime";
        ZoneId zone = SATURN_TIME_ZONE;
        if (j.containsKey("timeZone")) {
            String id = scalar(j.get("timeZone"), "timeZone");
            try {
                zone = ZoneId.of(id, ZoneId.SHORT_IDS); // Saturn takes the JDK's short ids (CTT, PST) too
            } catch (DateTimeException e) {
                throw fail(j.get("timeZone"), "timeZone '" + id + "' is not a time zone (e.g. Asia/Shanghai, UTC)");
            }
        }
        // a cron with L, W, # or a year has no moments here: its jobs stay spread
        CronMoments cronMoments = cron != null ? CronMoments.of(cron, zone).orElse(null) : null;
        CronMoments moments = cronTiming ? cronMoments : null;
        if (runTime == null) {
            long gapMs = Math.min(
                    period == null ? Long.MAX_VALUE : period.toMillis(),
                    moments != null && enabled ? moments.closestMs() : Long.MAX_VALUE);
            runTime = defaultRunTime.fitting(gapMs);
        }
        if (period != null) {
            requireShorter(runTime, runTimeName, period.toMillis(), "between fires", runTimeAt);
        }
        if (moments != null && enabled) {
            requireShorter(runTime, runTimeName, moments.closestMs(), "between the cron's closest fires", runTimeAt);
        }
        boolean reports;
        if (j.containsKey("enabledReport")) {
            reports = bool(j.get("enabledReport"), "enabledReport");
        } else if (version.consoleSetsEnabledReport() && writes(version, fields, "enabledReport")) {
            // the closest two fires: the cron's moments where it has some, else its period; 0 if it never fires
            long closestMs = cronMoments != null ? cronMoments.closestMs() : period == null ? 0 : period.toMillis();
            reports = JobGroup.consoleReports(jobType, closestMs);
        } else {
            // no such node in the job's config: the executor's default
            reports = JobGroup.executorReports(jobType);
        }
        return new JobGroup(count, items, cron, period, jobType, fields, bytes, enabled, reports, runTime, moments);
    }

    private static String jobType(String jobType) {
        return jobType == null ? "" : jobType;
    }

    /** Whether a job of {@code fields} config fields has {@code field}: the first N-1 of the line's, and jobClass. */
    private static boolean writes(SaturnVersion version, int fields, String field) {
        int at = version.configFields().indexOf(field);
        return at >= 0 && at < fields - 1;
    }

    /**
     * A run must end before the next fire: {@code runTime} below the {@code gapMs} {@code between} them.
     *
     * @param name the value's name as the file writes it: the job's {@code runTime}, or {@code defaults.runTime}
     */
    private void requireShorter(Duration runTime, String name, long gapMs, String between, Node at) {
        if (runTime.toMillis() >= gapMs) {
            throw fail(
                    at,
                    name + " " + runTime.toMillis() + " ms must be shorter than the " + gapMs + " ms " + between
                            + (name.equals("runTime") ? "" : " of this job: give it a runTime of its own"));
        }
    }

    private Map<String, Node> map(Node node, Set<String> allowed, String what) {
        if (!(node instanceof MappingNode m)) {
            throw fail(node, what + " must be a mapping of keys to values");
        }
        Map<String, Node> out = new LinkedHashMap<>();
        for (NodeTuple t : m.getValue()) {
            String key = scalar(t.getKeyNode(), "a key");
            if (!allowed.contains(key)) {
                throw fail(
                        t.getKeyNode(),
                        "unknown key '" + key + "' in " + what + " (known: "
                                + String.join(", ", allowed.stream().sorted().toList()) + ")");
            }
            if (out.put(key, t.getValueNode()) != null) {
                throw fail(t.getKeyNode(), "'" + key + "' is given twice in " + what);
            }
        }
        return out;
    }

    private Node required(Map<String, Node> map, String key, Node parent) {
        Node n = map.get(key);
        if (n == null) {
            throw fail(parent, "'" + key + "' is missing");
        }
        return n;
    }

    private String scalar(Node node, String what) {
        if (!(node instanceof ScalarNode s)) {
            throw fail(node, what + " must be a single value");
        }
        return s.getValue();
    }

    private double number(Node node, String what) {
        String s = scalar(node, what).replace("%", "");
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw fail(node, what + " must be a number, not '" + s + "'");
        }
    }

    private int positive(Node node, String what) {
        int v = integer(node, what);
        if (v < 1) {
            throw fail(node, what + " must be at least 1, not " + v);
        }
        return v;
    }

    private int nonNegative(Node node, String what) {
        int v = integer(node, what);
        if (v < 0) {
            throw fail(node, what + " must not be negative, not " + v);
        }
        return v;
    }

    private int integer(Node node, String what) {
        String s = scalar(node, what);
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw fail(
                    node,
                    what + (s.matches("-?\\d+") ? " must be at most " + Integer.MAX_VALUE : " must be a whole number")
                            + ", not '" + s + "'");
        }
    }

    private boolean bool(Node node, String what) {
        String s = scalar(node, what);
        if (!s.equals("true") && !s.equals("false")) {
            throw fail(node, what + " must be true or false, not '" + s + "'");
        }
        return Boolean.parseBoolean(s);
    }

    private Duration duration(Node node, String what) {
        String s = scalar(node, what);
        Matcher m = DURATION.matcher(s);
        if (!m.matches() || m.group(1).matches("0+")) {
            throw fail(node, what + " must be a positive duration such as 500ms, 2s, 5m, 1h or 1d, not '" + s + "'");
        }
        try {
            long n = Long.parseLong(m.group(1));
            Duration d =
                    switch (m.group(2)) {
                        case "ms" -> Duration.ofMillis(n);
                        case "s" -> Duration.ofSeconds(n);
                        case "m" -> Duration.ofMinutes(n);
                        case "h" -> Duration.ofHours(n);
                        default -> Duration.ofDays(n);
                    };
            // a duration too long to be counted in milliseconds is no schedule either
            var unusedMillis = d.toMillis();
            return d;
        } catch (NumberFormatException | ArithmeticException e) {
            throw fail(node, what + " must be at most " + MAX_DAYS + " days, not '" + s + "'");
        }
    }

    private IllegalArgumentException fail(Node node, String message) {
        return new IllegalArgumentException(source + ":" + (node.getStartMark().getLine() + 1) + ": " + message);
    }
}
