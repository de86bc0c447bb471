package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.zk.ZkTrees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ramp end to end on a small real ensemble, checked against the result-file contract: every way a ramp
 * ends (target, saturation, refinement, the runner's own limit, a short add, a repeat) shares the one server
 * this class starts.
 */
class RampCommandIT {
    private static final List<String> SEVEN =
            List.of("create", "set", "get", "delete", "createEphemeral", "watch", "deleteEphemeral");
    private static LocalEnsemble zk;

    @BeforeAll
    static void start() throws Exception {
        zk = LocalEnsemble.builder().servers(1).heap("512m").build();
        zk.start();
    }

    @AfterAll
    static void stop() {
        zk.close();
    }

    private static String[] small(Path out, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of(
                "--connect",
                zk.connectString(),
                "--domains",
                "2",
                "--step",
                "1",
                "--settle",
                "2s",
                "--znode-count",
                "100",
                "--jobs-per-domain",
                "3",
                "--out",
                out.toString()));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    @Test
    void aSmallRampWritesEveryResultFileOfTheContract(@TempDir Path out) throws Exception {
        List<String> znodesBefore = znodes();
        CliRun run = CliRun.of(small(out, "--sustain", "3s"));
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);

        JsonNode runJson = json(out.resolve("run.json"));
        assertThat(runJson.get("tool").asText()).isEqualTo("zkload");
        assertThat(runJson.at("/model/name").asText()).isEqualTo("saturn-2.1");
        assertThat(runJson.at("/model/expectedPerDomain/znodes").asDouble()).isPositive();
        assertThat(runJson.at("/target/connectString").asText()).isEqualTo(zk.connectString());
        assertThat(runJson.at("/target/servers/0/version").asText()).startsWith("3.9");
        assertThat(runJson.at("/target/servers/0/mode").asText()).isEqualTo("standalone");
        assertThat(runJson.at("/target/servers/0/metrics").asText()).isEqualTo("4lw");
        assertThat(runJson.at("/settings/step").asInt()).isEqualTo(1);
        assertThat(runJson.at("/settings/treeWrites").asText()).isEqualTo("pipelined");

        List<String> lines = Files.readAllLines(out.resolve("steps.jsonl"));
        assertThat(lines).hasSize(3);
        for (int i = 0; i < 3; i++) {
            JsonNode step = ResultJson.compact().readTree(lines.get(i));
            assertThat(step.get("step").asInt()).isEqualTo(i);
            assertThat(step.get("domains").asInt()).isEqualTo(i);
            assertThat(step.get("sessions").asInt()).isEqualTo(5 * i);
            assertThat(step.get("saturated").asBoolean()).isFalse();
            assertThat(step.get("verdict").asText()).isEqualTo(i == 0 ? "baseline" : "stable");
            assertThat(step.get("generatorBound").asBoolean()).isFalse();
            assertThat(step.at("/generator/shareCores").asDouble()).isPositive();
            assertThat(step.at("/generator/cpuPercentOfShare").asDouble()).isPositive();
            if (i > 0) {
                assertThat(step.at("/generator/samplerLag/count").asLong())
                        .as("the 1 Hz sampler ran")
                        .isPositive();
            }
            assertThat(step.at("/phases/measureSec").asDouble()).isPositive();
            for (String field : List.of(
                    "znodes",
                    "watches",
                    "connections",
                    "outstandingAvg",
                    "outstandingMax",
                    "avgLatencyMs",
                    "maxLatencyMs",
                    "approximateDataSize")) {
                assertThat(step.get("server").has(field)).as(field).isTrue();
            }
            for (String op : SEVEN) {
                JsonNode s = step.at("/ops/" + op);
                assertThat(s.get("count").asLong()).as(op).isEqualTo(100);
                assertThat(s.get("errors").asLong()).isZero();
                for (String f : List.of("opsPerSec", "p50Ms", "p90Ms", "p99Ms", "p999Ms", "maxMs")) {
                    assertThat(s.has(f)).isTrue();
                }
            }
        }
        JsonNode step2 = ResultJson.compact().readTree(lines.get(2));
        assertThat(step2.at("/server/znodes").asLong())
                .isGreaterThan(ResultJson.compact()
                                .readTree(lines.get(0))
                                .at("/server/znodes")
                                .asLong()
                        + 2 * 200);
        assertThat(step2.at("/footprintPerDomain/sessions").asDouble()).isEqualTo(5.0);
        assertThat(step2.at("/phases/settleSec").asDouble()).isGreaterThanOrEqualTo(2.0);
        assertThat(step2.at("/phases/addSec").asDouble()
                        + step2.at("/phases/settleSec").asDouble()
                        + step2.at("/phases/measureSec").asDouble())
                .as("observed for the sustain time at least")
                .isGreaterThanOrEqualTo(3.0);
        assertThat(step2.at("/serverMetrics/rounds").asInt())
                .isEqualTo(step2.at("/serverMetrics/leaderRounds").asInt());

        List<String> csv = Files.readAllLines(out.resolve("server-metrics.csv"));
        assertThat(csv.get(0)).startsWith("time,epochMs,server,reachable,");
        assertThat(csv.size()).isGreaterThan(3);
        try (var logs = Files.list(out.resolve("latency"))) {
            assertThat(logs.count()).isEqualTo(3);
        }
        // every step's percentiles read back from its histogram log are the ones the run recorded while it ran
        for (int i = 0; i < 3; i++) {
            JsonNode step = ResultJson.compact().readTree(lines.get(i));
            ResultFolders.logsMatchRecorded(out, ResultFiles.stepLogs(i), step.get("ops"), SEVEN);
        }
        JsonNode summary = json(out.resolve("summary.json"));
        assertThat(summary.get("stopReason").asText()).isEqualTo("target-reached");
        assertThat(summary.get("maxStableDomains").asInt()).isEqualTo(2);
        assertThat(summary.get("saturatedAtDomains").isNull()).isTrue();
        assertThat(summary.get("saturationObservable").asBoolean()).isTrue();
        assertThat(summary.get("verdict").asText())
                .isEqualTo("The ensemble carried all 2 domains below saturation: its limit lies above that.");
        assertThat(run.out()).contains("Verdict: The ensemble carried all 2 domains below saturation");
        // every result file is created alike (run.json and summary.json were once owner-only)
        var permissions = Files.getPosixFilePermissions(out.resolve("steps.jsonl"));
        assertThat(Files.getPosixFilePermissions(out.resolve("run.json"))).isEqualTo(permissions);
        assertThat(Files.getPosixFilePermissions(out.resolve("summary.json"))).isEqualTo(permissions);
        for (String f : List.of("report.md", "report.html", "tps-per-step.png", "outstanding.png")) {
            assertThat(out.resolve(f)).isNotEmptyFile();
        }
        assertThat(Files.readString(out.resolve("report.md"))).contains("load-2 (2)");
        assertThat(znodes())
                .as("the ramp removed everything it created")
                .containsExactlyInAnyOrderElementsOf(znodesBefore);
    }

    @Test
    void aForcedSaturationSaturatesAtTheFirstStep(@TempDir Path out) throws Exception {
        List<String> znodesBefore = znodes();
        // the ramp by its name, as the report writes its command line
        List<String> args = new java.util.ArrayList<>(List.of("ramp"));
        args.addAll(List.of(small(out, "--force-saturation", "--sustain", "0s")));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
        assertThat(json(out.resolve("run.json")).get("command").asText()).isEqualTo("ramp");
        assertThat(json(out.resolve("run.json")).get("arguments").get(0).asText())
                .as("the arguments after the command's name")
                .isEqualTo("--connect");
        assertThat(Files.readString(out.resolve("report.md"))).contains(" ramp --connect " + zk.connectString());
        // the benchmark the saturation cut short removed its znodes too, with nothing left for 'clean'
        assertThat(run.out() + run.err()).doesNotContain("could not remove");
        assertThat(znodes()).containsExactlyInAnyOrderElementsOf(znodesBefore);
        JsonNode summary = json(out.resolve("summary.json"));
        assertThat(summary.get("stopReason").asText()).isEqualTo("saturated");
        assertThat(summary.get("saturatedAtDomains").asInt()).isEqualTo(1);
        assertThat(summary.get("maxStableDomains").isNull())
                .as("no step was stable: none, not 0")
                .isTrue();
        assertThat(run.out()).contains("max stable domains: none.");
        List<String> lines = Files.readAllLines(out.resolve("steps.jsonl"));
        JsonNode last = ResultJson.compact().readTree(lines.get(lines.size() - 1));
        assertThat(last.get("saturated").asBoolean()).isTrue();
        // every sample counts as saturated: the queue held the threshold, it did not merely average it
        assertThat(last.path("saturation").path("rule").asText()).as("%s", last).isEqualTo("held");
        assertThat(last.path("saturation").path("aboveShare").asDouble()).isEqualTo(1.0);
    }

    @Test
    void aFirstStepThatSaturatesIsRefinedFromTheBaseline(@TempDir Path out) throws Exception {
        List<String> znodesBefore = znodes();
        CliRun run = CliRun.of(
                "--connect",
                zk.connectString(),
                "--domains",
                "2",
                "--step",
                "2",
                "--settle",
                "2s",
                "--sustain",
                "0s",
                "--znode-count",
                "100",
                "--jobs-per-domain",
                "3",
                "--force-saturation",
                "--tree-writes",
                "serial",
                "--out",
                out.toString());
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
        assertThat(json(out.resolve("run.json")).at("/settings/treeWrites").asText())
                .isEqualTo("serial");
        JsonNode summary = json(out.resolve("summary.json"));
        assertThat(summary.get("saturatedAtDomains").asInt())
                .as("the refinement's step below the grid's first")
                .isEqualTo(1);
        assertThat(summary.get("maxStableDomains").isNull()).isTrue();
        assertThat(summary.at("/refinement/gridMaxStable").asInt()).isZero();
        assertThat(summary.at("/refinement/visited").toString()).isEqualTo("[1]");
        assertThat(summary.at("/refinement/complete").asBoolean()).isTrue();
        assertThat(run.out())
                .contains("The ensemble saturated at 1 domain; max stable domains: none (refined by bisection between"
                        + " 0 and the grid's first step, 2, to within 1 domain).");
        List<String> lines = Files.readAllLines(out.resolve("steps.jsonl"));
        JsonNode last = ResultJson.compact().readTree(lines.get(lines.size() - 1));
        assertThat(last.get("domains").asInt()).isEqualTo(1);
        assertThat(last.get("refinement").asBoolean()).isTrue();
        assertThat(last.get("verdict").asText()).isEqualTo("saturated");
        // the step's znodes are its one domain's: the removed domain's tree went before it settled
        double expected = json(out.resolve("run.json"))
                .at("/model/expectedPerDomain/znodes")
                .asDouble();
        assertThat(last.at("/footprintPerDomain/znodes").asDouble())
                .as("%s", last.get("footprintPerDomain"))
                .isCloseTo(expected, withinPercentage(20));
        assertThat(znodes()).containsExactlyInAnyOrderElementsOf(znodesBefore);
    }

    /**
     * One domain a second and six seconds to add twenty: the step's add runs out of time with a few up (the
     * time also bounds each domain's own registration, so it leaves a busy machine a few seconds for one).
     */
    private static CliRun shortAdd(Path out, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of(
                "--connect",
                zk.connectString(),
                "--domains",
                "20",
                "--step",
                "20",
                "--add-rate",
                "1",
                "--add-timeout",
                "6s",
                "--settle",
                "2s",
                "--sustain",
                "0s",
                "--znode-count",
                "100",
                "--jobs-per-domain",
                "3",
                "--out",
                out.toString()));
        args.addAll(List.of(more));
        return CliRun.of(args.toArray(String[]::new));
    }

    @Test
    void aStepWhoseDomainsCannotAllRegisterInTimeIsJudgedAtThoseThatDid(@TempDir Path out) throws Exception {
        List<String> znodesBefore = znodes();
        CliRun carried = shortAdd(out.resolve("carried"));
        assertThat(carried.exitCode()).as(carried.err()).isEqualTo(ExitCodes.OK);
        List<String> lines = Files.readAllLines(out.resolve("carried").resolve("steps.jsonl"));
        assertThat(lines).hasSize(2);
        JsonNode step = ResultJson.compact().readTree(lines.get(1));
        int held = step.get("domains").asInt();
        assertThat(held).as("the domains up when the time ran out").isBetween(2, 7);
        assertThat(step.get("sessions").asInt()).isEqualTo(5 * held);
        assertThat(step.get("verdict").asText()).isEqualTo("stable");
        JsonNode summary = json(out.resolve("carried").resolve("summary.json"));
        assertThat(summary.get("stopReason").asText()).isEqualTo("cannot-add-domains");
        assertThat(summary.get("maxStableDomains").asInt()).isEqualTo(held);
        String note = summary.at("/qualifications/0").asText();
        assertThat(note)
                .startsWith("At step 1, only " + held + " of 20 domains were registered after ")
                .endsWith(" s (--add-timeout 6 s): the step was judged at the " + held + " that registered.");
        assertThat(carried.out())
                .contains("at --add-rate 1 a second and the ensemble's pace, 20 domains do not register in that time;"
                        + " it carried the " + held + " it registered); max stable domains: " + held + ".");

        // a step the leader saturates at is the grid's saturation like any other, and refined from there
        CliRun saturated = shortAdd(out.resolve("saturated"), "--force-saturation");
        assertThat(saturated.exitCode()).as(saturated.err()).isEqualTo(ExitCodes.OK);
        JsonNode first = ResultJson.compact()
                .readTree(Files.readAllLines(out.resolve("saturated").resolve("steps.jsonl"))
                        .get(1));
        int up = first.get("domains").asInt();
        assertThat(up)
                .as("two or more: a bisection from 0 to 1 would have nothing to ask")
                .isBetween(2, 7);
        assertThat(first.get("verdict").asText()).isEqualTo("saturated");
        summary = json(out.resolve("saturated").resolve("summary.json"));
        assertThat(summary.get("stopReason").asText()).isEqualTo("saturated");
        assertThat(summary.get("saturatedAtDomains").asInt()).isEqualTo(1);
        assertThat(summary.at("/refinement/gridSaturatedAt").asInt()).isEqualTo(up);
        assertThat(summary.at("/qualifications/0").asText())
                .startsWith("At step 1, only " + up + " of 20 domains were registered after ");
        assertThat(znodes()).containsExactlyInAnyOrderElementsOf(znodesBefore);
    }

    @Test
    void aRepeatedRampRunsEachRampInItsOwnFolderAndSaysWhichRunsHaveNoCapacity(@TempDir Path out) throws Exception {
        List<String> znodesBefore = znodes();
        CliRun run = CliRun.of(
                "--connect",
                zk.connectString(),
                "--domains",
                "1",
                "--settle",
                "1s",
                "--sustain",
                "1s",
                "--znode-count",
                "50",
                "--jobs-per-domain",
                "2",
                "--repeat",
                "2",
                "--out",
                out.toString());
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out())
                .contains("Run 1 of 2, into ")
                .contains("Run 2 of 2, into ")
                .contains("Repeatability: ");
        for (String folder : List.of("run-1", "run-2")) {
            JsonNode summary = json(out.resolve(folder).resolve("summary.json"));
            assertThat(summary.get("stopReason").asText()).as(folder).isEqualTo("target-reached");
            assertThat(summary.get("maxStableDomains").asInt()).as(folder).isEqualTo(1);
            assertThat(out.resolve(folder).resolve("steps.jsonl")).exists();
        }
        JsonNode repeat = json(out.resolve("repeat.json"));
        assertThat(repeat.get("runs")).hasSize(2);
        assertThat(repeat.at("/runs/1/folder").asText()).isEqualTo("run-2");
        // a run that reached its target measured no capacity: listed, and said to be left out of the spread
        assertThat(repeat.get("answered").asInt()).isZero();
        assertThat(repeat.get("spreadDomains").isNull()).isTrue();
        assertThat(repeat.get("verdict").asText())
                .isEqualTo("2 runs, max stable domains 1, 1; not in the spread, without a saturation after a stable"
                        + " step: run-1 (target-reached), run-2 (target-reached): no run measured a capacity.");
        assertThat(Files.readString(out.resolve("repeat.md"))).contains("run-1").contains("run-2");
        assertThat(znodes()).as("each run removed its own root").containsExactlyInAnyOrderElementsOf(znodesBefore);
    }

    @Test
    void aStepInWhichTheRunnerIsItsOwnBottleneckEndsTheRampAsTheGeneratorsLimit(@TempDir Path out) throws Exception {
        // any runner uses more than half a percent of its cores while it drives a domain: bound by definition here
        CliRun run = CliRun.of(small(out, "--sustain", "2s", "--max-generator-cpu", "0.5"));
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
        JsonNode summary = json(out.resolve("summary.json"));
        assertThat(summary.get("stopReason").asText()).isEqualTo("generator-bound");
        assertThat(summary.get("generatorBoundAtDomains").asInt()).isEqualTo(1);
        assertThat(summary.get("maxStableDomains").isNull()).isTrue();
        assertThat(summary.get("verdict").asText())
                .contains("the load generator, not the ensemble, was the limit")
                .contains("--shard i/N");
        List<String> lines = Files.readAllLines(out.resolve("steps.jsonl"));
        JsonNode step = ResultJson.compact().readTree(lines.get(1));
        assertThat(step.get("verdict").asText()).isEqualTo("generator-bound");
        assertThat(step.get("generatorBound").asBoolean()).isTrue();
        assertThat(step.at("/generator/reasons/0").asText())
                .startsWith("the runner used")
                .endsWith("(limit 0.5%)");
        assertThat(Files.readString(out.resolve("report.md"))).contains("| yes: the runner used");
    }

    @Test
    void badRampOptionsAreUsageErrors(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        assertThat(CliRun.of("--domains", "0").err()).contains("--domains must be positive, got 0");
        CliRun unwritable = CliRun.of(
                "--connect", zk.connectString(), "--out", file.resolve("sub").toString());
        assertThat(unwritable.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(unwritable.err()).contains("--out: cannot use results folder");
        Files.createDirectories(dir.resolve("used"));
        Files.writeString(dir.resolve("used/latency-1.hlog"), "an earlier run's");
        CliRun reused = CliRun.of(
                "--connect", zk.connectString(), "--out", dir.resolve("used").toString());
        assertThat(reused.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(reused.err()).contains("already holds files");
        CliRun keepEmbedded = CliRun.of("--keep", "--out", dir.resolve("keep").toString());
        assertThat(keepEmbedded.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(keepEmbedded.err()).contains("--keep needs --connect");
        assertThat(dir.resolve("keep")).doesNotExist();
        assertThat(CliRun.of("--model", "saturn-9").err()).contains("--model must be saturn-2.1 or saturn-3");
    }

    private static JsonNode json(Path file) throws Exception {
        return ResultJson.compact().readTree(file.toFile());
    }

    /** Every znode on the ensemble: a leftover is named in the failure, not only counted. */
    private static List<String> znodes() throws Exception {
        ZooKeeper c = ZkClients.connect(zk.connectString());
        try {
            return ZkTrees.list(c, "/");
        } finally {
            c.close();
        }
    }
}
