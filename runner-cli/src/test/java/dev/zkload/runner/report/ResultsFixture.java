package dev.zkload.runner.report;

import dev.zkload.bench.ops.Op;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes a realistic results folder the way the ramp does: a 3-server ensemble, a baseline and three
 * load steps, 1 Hz samples of every server for two minutes in which server 1 leads, drops out at
 * 60 s (unreachable rows), and server 2 takes over at 65 s. Numbers are chosen so that every cell of
 * the report can be predicted (see the static helpers).
 */
public final class ResultsFixture {
    public static final Instant START = Instant.parse("2026-11-22T15:00:00Z");
    public static final int SECONDS = 120;
    public static final String PLANTED = "<script>alert('x')</script>";
    public static final String S1 = "127.0.0.1:30001";
    public static final String S2 = "127.0.0.1:30002";
    public static final String S3 = "127.0.0.1:30003";

    private ResultsFixture() {}

    public static Path write(Path dir) throws IOException {
        Files.writeString(dir.resolve("run.json"), runJson());
        StringBuilder steps = new StringBuilder();
        for (int s = 0; s <= 3; s++) {
            steps.append(stepJson(s, true)).append('\n');
        }
        Files.writeString(dir.resolve("steps.jsonl"), steps);
        Files.writeString(dir.resolve("server-metrics.csv"), csv());
        Files.writeString(dir.resolve("summary.json"), """
                {"maxStableDomains":200,"saturatedAtDomains":300,"stopReason":"saturated","interrupted":false,
                 "verdict":"The ensemble saturated at 300 domains; max stable domains: 200.","saturationObservable":true,
                 "endTime":"2026-11-22T15:02:00Z","steps":4,
                 "message":"leader outstanding requests above 300 for 60 s at 300 domains","future":1}""");
        return dir;
    }

    public static String runJson() {
        return """
                {"tool":"zkload","version":"0.1.0-SNAPSHOT","command":"ramp","arguments":["--domains","300"],
                 "startTime":"2026-11-22T15:00:00Z","model":{"name":"saturn-2.1","executorsPerDomain":3,
                 "consolesPerDomain":2,"jobsPerDomain":35,"itemsPerJob":3,"configFields":22,"runTimeMs":2000,
                 "expectedPerDomain":{"znodes":2196,"ephemerals":147.5,"watches":5736,"sessions":5,
                 "writesPerSec":11.6,"readsPerSec":133.0}},
                 "target":{"connectString":"127.0.0.1:30001,127.0.0.1:30002,127.0.0.1:30003","embedded":true,
                 "servers":[{"server":"127.0.0.1:30001","version":"3.9.5","mode":"leader","metrics":"4lw",
                 "maxClientCnxns":60},
                 {"server":"127.0.0.1:30002","version":"3.9.5","mode":"follower","metrics":"none",
                 "maxClientCnxns":"unknown"}],
                 "snapCount":null,"serverJvmOpts":"%s",
                 "serverJavaHome":"/usr/lib/jvm/java-17","serverHeap":"2g"},
                 "settings":{"domains":300,"step":100,"outstandingThreshold":300,"sustainSec":60,"settleSec":60,
                 "znodeCount":10000,"znodeSize":100,"benchTarget":"leader"},"somethingNew":{"a":1}}""".formatted(PLANTED);
    }

    /** Operations per second of op at step s: distinct in every cell. */
    @SuppressWarnings("EnumOrdinal") // any distinct number per operation will do
    public static double tps(int s, Op op) {
        return 1500 - 300 * s + 10 * op.ordinal() + 0.3;
    }

    @SuppressWarnings("EnumOrdinal")
    public static double p99(int s, Op op) {
        return 1 + s + op.ordinal() / 10.0;
    }

    public static long znodes(int s) {
        return 500 + 219_600L * s;
    }

    /** Measured per-domain watches: step 2 is 13.3 % above the model's 5736 and must be flagged. */
    public static double watchesPerDomain(int s) {
        return s == 2 ? 6500.0 : 5736.0;
    }

    public static String stepJson(int s, boolean withOps) {
        StringBuilder ops = new StringBuilder();
        for (Op op : Op.values()) {
            ops.append(ops.length() == 0 ? "" : ",")
                    .append(String.format(
                            Locale.ROOT,
                            "\"%s\":{\"count\":10000,\"errors\":0,\"opsPerSec\":%.1f,\"p50Ms\":0.6,\"p90Ms\":0.9,"
                                    + "\"p99Ms\":%.1f,\"p999Ms\":5.0,\"maxMs\":30.2,\"extra\":true}",
                            op.jsonName(),
                            tps(s, op),
                            p99(s, op)));
        }
        String footprint = s == 0
                ? "null"
                : String.format(
                        Locale.ROOT,
                        "{\"znodes\":2196.0,\"watches\":%.1f,\"ephemerals\":147.0,\"sessions\":5.0,\"writesPerSec\":11.2}",
                        watchesPerDomain(s));
        return String.format(
                Locale.ROOT,
                "{\"step\":%d,\"domains\":%d,\"executors\":%d,\"jobs\":%d,\"sessions\":%d,"
                        + "\"startTime\":\"%s\",\"endTime\":\"%s\",\"server\":{\"znodes\":%d,\"watches\":%d,"
                        + "\"connections\":%d,\"ephemerals\":%d,\"outstandingAvg\":%.1f,\"outstandingMax\":%d,"
                        + "\"avgLatencyMs\":1.25,\"maxLatencyMs\":300,\"maxLatencyInStep\":%s,\"approximateDataSize\":%d,"
                        + "\"cpuPercent\":%s,\"rssBytes\":%s},\"footprintPerDomain\":%s%s,\"saturated\":%b,"
                        + "\"verdict\":\"%s\",\"generatorBound\":false,\"phases\":{\"addSec\":%d,\"settleSec\":60,"
                        + "\"measureSec\":40},\"generator\":{\"shareCores\":2.0,\"cpuPercentOfShare\":%d,"
                        + "\"gcPauseMaxMs\":12,\"fireLag\":{\"count\":100,\"p50Ms\":1.0,\"p99Ms\":%d.5,\"maxMs\":40},"
                        + "\"samplerLag\":{\"count\":100,\"p99Ms\":2.0,\"maxMs\":3.0},"
                        + "\"serversCpuPercent\":{\"a\":10.0,\"b\":20.0},\"reasons\":[]}}",
                s,
                100 * s,
                300 * s,
                3500 * s,
                500 * s,
                START.plusSeconds(30L * s),
                START.plusSeconds(30L * s + 29),
                znodes(s),
                573_600L * s,
                500 * s + 2,
                14_750 * s,
                12.5 + s,
                80 + s,
                // the server's largest latency rose in the last step only
                s == 3 ? "true" : "false",
                12_582_912L * (s + 1),
                s == 1 ? "null" : "45.5",
                s == 1 ? "null" : "2147483648",
                footprint,
                withOps ? ",\"ops\":{" + ops + "}" : "",
                s == 3,
                s == 0 ? "baseline" : s == 3 ? "saturated" : "stable",
                20 * s,
                30 + s,
                10 + s);
    }

    /** Leader rows: server 1 for t < 60, server 2 from t = 65; outstanding = 3 t on the leader. */
    public static String csv() {
        List<String> lines = new ArrayList<>();
        lines.add("time,epochMs,server,reachable,source,state,version,znodeCount,watchCount,ephemeralsCount,"
                + "aliveConnections,outstandingRequests,minLatencyMs,avgLatencyMs,maxLatencyMs,approximateDataSize,"
                + "fsyncThresholdExceedCount,error");
        for (int t = 0; t < SECONDS; t++) {
            Instant at = START.plusSeconds(t);
            for (String server : List.of(S1, S2, S3)) {
                String state = state(server, t);
                if (state == null) {
                    lines.add(at + "," + at.toEpochMilli() + "," + server + ",false,,,,,,,,,,,,,,"
                            + "\"Connection refused, retrying\"");
                    continue;
                }
                long outstanding = state.equals("LEADER") ? leaderOutstanding(t) : 1000 + t;
                lines.add(at + "," + at.toEpochMilli() + "," + server + ",true,4LW," + state + ",3.9.5," + (1000 + t)
                        + ",2000,30,40," + outstanding + ",0.000,1.250,300.000,12345,0,");
            }
        }
        return String.join("\n", lines) + "\n";
    }

    public static long leaderOutstanding(int t) {
        return 3L * t;
    }

    /** null = unreachable. */
    public static String state(String server, int t) {
        if (server.equals(S1)) {
            return t < 60 ? "LEADER" : null;
        }
        if (t >= 60 && t < 65) {
            return "UNKNOWN";
        }
        return server.equals(S2) && t >= 65 ? "LEADER" : "FOLLOWER";
    }

    public static int leaderRows() {
        int n = 0;
        for (int t = 0; t < SECONDS; t++) {
            for (String server : List.of(S1, S2, S3)) {
                n += "LEADER".equals(state(server, t)) ? 1 : 0;
            }
        }
        return n;
    }

    public static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }
}
