package dev.zkload.it.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One cell of the attribution matrix — a cause injected, the machine's condition, the run's number — and how a
 * verdict is classified there: right (the cause named), acceptable (nothing named, or this machine where the step's
 * machine was at its limit, or the disk where a disk hog wrote beside the logs), false (a cause that was not there).
 */
public record AttributionCell(Cause cause, Condition condition, int run) {
    /** What the matrix injects. */
    public enum Cause {
        NONE("no cause: the machine itself", 1),
        THROTTLE_39("zookeeper.globalOutstandingLimit=1 on 3.9.5", 2),
        THROTTLE_38("zookeeper.globalOutstandingLimit=1 on 3.8.4", 2),
        LEADER_CONFINED("a standalone server (its own leader) confined to a core three busy loops share", 1),
        LEADER_FSYNC("a standalone server's (its own leader's) fsyncs 30 ms slower", 1),
        FOLLOWERS_FSYNC("the followers' fsyncs 30 ms slower (the quorum)", 1),
        LEADER_HEAP("a standalone server (its own leader) with a 20 MB heap", 1);

        private final String label;
        private final int domains;

        Cause(String label, int domains) {
            this.label = label;
            this.domains = domains;
        }

        /** What a verdict that names this cause names: the limit's {@code resource}. */
        Set<String> right() {
            return switch (this) {
                case NONE -> Set.of("this-machine", "none");
                case THROTTLE_39, THROTTLE_38 -> Set.of("throttle");
                case LEADER_CONFINED -> Set.of("leader-cpu");
                case LEADER_FSYNC -> Set.of("transaction-log");
                case FOLLOWERS_FSYNC -> Set.of("quorum");
                case LEADER_HEAP -> Set.of("leader-gc");
            };
        }

        public String label() {
            return label;
        }

        /** The heavy domains the ramp puts on the servers in its one step. */
        public int domains() {
            return domains;
        }

        public boolean slowsFsync() {
            return this == LEADER_FSYNC || this == FOLLOWERS_FSYNC;
        }
    }

    /** What else the machine does meanwhile. */
    public enum Condition {
        /** Nothing the test adds: the machine as it is. */
        QUIET("as it is"),
        /** Busy loops on every core, and one more. */
        CPU_HOG("beside a CPU hog"),
        /** A writer syncing every block to the servers' disk. */
        DISK_HOG("beside a disk hog");

        private final String label;

        Condition(String label) {
            this.label = label;
        }
    }

    /** How a verdict fares in its cell. */
    public enum Classification {
        RIGHT,
        ACCEPTABLE,
        FALSE
    }

    /** What the verdict named, how it is classified, and the figures beside it. */
    public record Result(AttributionCell cell, String named, Classification classification, String detail) {
        /** A line of {@code attribution-matrix.tsv}. */
        public String row() {
            return String.join(
                    "\t",
                    cell.cause.name(),
                    cell.condition.name(),
                    Integer.toString(cell.run),
                    named,
                    classification.name().toLowerCase(Locale.ROOT),
                    detail);
        }
    }

    /** Every cell: each cause as the machine is and beside a CPU hog, and those the disk concerns beside a disk hog. */
    public static List<AttributionCell> all() {
        List<AttributionCell> all = new ArrayList<>();
        for (Cause c : Cause.values()) {
            all.add(new AttributionCell(c, Condition.QUIET, 1));
            all.add(new AttributionCell(c, Condition.CPU_HOG, 1));
            if (c == Cause.NONE || c.slowsFsync()) {
                all.add(new AttributionCell(c, Condition.DISK_HOG, 1));
            }
        }
        return all;
    }

    /**
     * What every verify affords (about 30 s a cell as the machine is, 60 s beside a hog): a confined leader, a slow
     * leader log and a short heap where the machine is as it is, each to be named (the heap beside a stable count)
     * and nothing beside them, and the machine itself beside a CPU hog, never to be taken for a cause.
     */
    public static List<AttributionCell> ciSlice() {
        return List.of(
                new AttributionCell(Cause.NONE, Condition.CPU_HOG, 1),
                new AttributionCell(Cause.LEADER_CONFINED, Condition.QUIET, 1),
                new AttributionCell(Cause.LEADER_FSYNC, Condition.QUIET, 1),
                new AttributionCell(Cause.LEADER_HEAP, Condition.QUIET, 1));
    }

    public AttributionCell run(int n) {
        return new AttributionCell(cause, condition, n);
    }

    /** The cell's results folder name. */
    public String folder() {
        return cause.name().toLowerCase(Locale.ROOT) + "-" + condition.name().toLowerCase(Locale.ROOT) + "-" + run;
    }

    @Override
    public String toString() {
        return cause.label + ", " + condition.label + " (run " + run + ")";
    }

    /**
     * Classifies a ramp's verdict in this cell.
     *
     * @param summary its summary.json
     * @param step    its one load step, steps.jsonl's second line
     */
    public Result judge(JsonNode summary, JsonNode step) {
        String named = named(summary);
        boolean hostAtLimit = atLimit(step.at("/resources/host")) || atLimit(step.path("hostDuringAdd"));
        Classification c;
        if (cause.right().contains(named)) {
            c = Classification.RIGHT;
        } else if (Set.of("nothing", "none", "unobserved", "cannot-add-domains", "interrupted")
                        .contains(named)
                || explainedByCondition(named, hostAtLimit)) {
            c = Classification.ACCEPTABLE;
        } else {
            c = Classification.FALSE;
        }
        // a stable count's headroom qualified by a cause names it as surely as a limit would
        Set<String> claims = new java.util.TreeSet<>(headroomClaims(summary));
        if (c == Classification.ACCEPTABLE
                && named.equals("nothing")
                && claims.stream().anyMatch(cause.right()::contains)) {
            c = Classification.RIGHT;
        }
        // what is said beside the limit is a claim too: each must be the cause, or what the condition made — beside
        // this machine at its limit, a log, a quorum or a collector its starved threads timed long, as documented
        boolean besideTheMachine = hostAtLimit && named.equals("this-machine");
        for (JsonNode also : summary.at("/limitedBy/alsoAtLimit")) {
            claims.add(also.asText().replaceFirst(" \\(.*", ""));
        }
        for (String resource : claims) {
            if (!cause.right().contains(resource)
                    && !explainedByCondition(resource, hostAtLimit)
                    && !(besideTheMachine
                            && Set.of("transaction-log", "quorum", "leader-gc").contains(resource))) {
                c = Classification.FALSE;
            }
        }
        JsonNode host = step.at("/resources/host");
        String detail = String.join(
                "\t",
                summary.path("stopReason").asText(),
                summary.at("/limitedBy/alsoAtLimit").toString(),
                host.isMissingNode() || host.isNull()
                        ? "host n/a"
                        : String.format(
                                Locale.ROOT,
                                "host %.0f%% busy, others %s",
                                host.path("busyPercent").asDouble(),
                                host.path("otherCores").asText()),
                step.path("verdict").asText(),
                summary.path("verdict").asText());
        return new Result(this, named, c, detail);
    }

    /**
     * The causes a stable count's qualifications name, as the ramp words its headroom: the leader's CPU (at its
     * limit or confined), its heap, a slowed log or other processes writing to its disk (the log either way).
     */
    static Set<String> headroomClaims(JsonNode summary) {
        Map<String, String> claimOf = Map.of(
                "its heap is short", "leader-gc",
                "a slowed log", "transaction-log",
                "the headroom is measured beside them", "transaction-log",
                "the leader was confined to", "leader-cpu",
                "little headroom is left above this count", "leader-cpu");
        Set<String> claims = new java.util.TreeSet<>();
        for (JsonNode q : summary.path("qualifications")) {
            String text = q.asText();
            if (!text.startsWith("Stable at ")) {
                continue;
            }
            List<String> read = claimOf.entrySet().stream()
                    .filter(e -> text.contains(e.getKey()))
                    .map(Map.Entry::getValue)
                    .toList();
            if (read.isEmpty()) {
                // worded anew: the matrix must learn it, not pass it over
                throw new IllegalStateException("a headroom qualification the matrix does not read: " + text);
            }
            claims.addAll(read);
        }
        return claims;
    }

    /** What the verdict names as the cause: the limiting resource of a saturation, or what else ended the ramp. */
    static String named(JsonNode summary) {
        String stop = summary.path("stopReason").asText();
        return switch (stop) {
            case "saturated" ->
                summary.path("limitedBy").isObject()
                        ? summary.at("/limitedBy/resource").asText()
                        : "unobserved";
            case "target-reached" -> "nothing";
            case "host-busy" -> "this-machine";
            case "generator-bound" -> "runner";
            case "disturbed" -> "fault";
            default -> stop;
        };
    }

    /**
     * Whether the machine's state explains {@code resource} without the cause: a machine at its limit starves the
     * leader's threads (its CPU) as well as it is named itself, and a disk hog slows every log on the disk.
     */
    private boolean explainedByCondition(String resource, boolean hostAtLimit) {
        return (hostAtLimit && Set.of("this-machine", "leader-cpu").contains(resource))
                || (condition == Condition.DISK_HOG
                        && Set.of("transaction-log", "quorum").contains(resource));
    }

    private static boolean atLimit(JsonNode host) {
        return host != null
                && host.isObject()
                && (host.path("busyPercent").asDouble() >= 90
                        || host.path("stealPercent").asDouble() >= 10);
    }

    /** The matrix as docs/verdict.md publishes it: per cell, the runs, how many were right, acceptable, false, and what was named. */
    public static String table(List<Result> results) {
        Map<String, List<Result>> byCell = new LinkedHashMap<>();
        for (Result r : results) {
            byCell.computeIfAbsent(r.cell.cause.label + " | " + r.cell.condition.label, k -> new ArrayList<>())
                    .add(r);
        }
        StringBuilder b = new StringBuilder(
                "| cause | condition | runs | right | acceptable | false | named |\n|---|---|---:|---:|---:|---:|---|\n");
        byCell.forEach((cell, rs) -> {
            Map<String, Integer> names = new TreeMap<>();
            rs.forEach(r -> names.merge(r.named, 1, Integer::sum));
            List<String> named = new ArrayList<>();
            names.forEach((n, k) -> named.add(k == 1 ? n : n + " ×" + k));
            b.append("| ")
                    .append(cell)
                    .append(" | ")
                    .append(rs.size())
                    .append(" | ")
                    .append(count(rs, Classification.RIGHT))
                    .append(" | ")
                    .append(count(rs, Classification.ACCEPTABLE))
                    .append(" | ")
                    .append(count(rs, Classification.FALSE))
                    .append(" | ")
                    .append(String.join(", ", named))
                    .append(" |\n");
        });
        return b.toString();
    }

    private static long count(List<Result> rs, Classification c) {
        return rs.stream().filter(r -> r.classification == c).count();
    }
}
