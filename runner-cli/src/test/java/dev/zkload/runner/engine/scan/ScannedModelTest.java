package dev.zkload.runner.engine.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.sim.ModelFile;
import dev.zkload.sim.ZkClientLine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScannedModelTest {
    private static final ScannedJob MINUTELY =
            new ScannedJob(3, "0 * * * * ?", null, "JAVA_JOB", 34, 60, true, true, true);
    private static final ScannedJob EVERY_SECOND =
            new ScannedJob(1, "* * * * * ?", null, "JAVA_JOB", 34, 60, true, true, true);
    private static final ScannedJob PASSIVE =
            new ScannedJob(2, null, null, "PASSIVE_JAVA_JOB", 36, 80, true, true, true);
    private static final ScannedJob ODD_CRON =
            new ScannedJob(1, "0 0 12 LW * ?x", null, "JAVA_JOB", 34, 60, false, true, true);

    @Test
    void aScannedFleetIsAModelFileThatReadsBack(@TempDir Path dir) throws Exception {
        List<ScannedDomain> domains = List.of(
                new ScannedDomain(
                        "orders", 3, 5, 1, "3.5.1", "3.4", List.of(MINUTELY, MINUTELY, EVERY_SECOND, PASSIVE)),
                new ScannedDomain("empty", 0, 0, 0, null, null, List.of()),
                new ScannedDomain("idle", 0, 2, 0, null, null, List.of(ODD_CRON)));
        Map<String, Object> model = ScannedModel.of("fleet", domains, 0, 123);
        Path file = dir.resolve("fleet.yaml");
        Files.writeString(file, ScannedModel.yaml(model, "127.0.0.1:2181"));

        ModelFile read = ModelFile.read(file);
        assertThat(read.version().id()).isEqualTo("saturn-3");
        assertThat(read.zkClient()).as("the one latch seen, persistent").isEqualTo(ZkClientLine.ZK_3_4);
        assertThat(read.describe())
                .as("a namespace without jobs is left out, one without executors online is modelled with one")
                .isEqualTo("50% orders (3 executors, 4 jobs), 50% idle (1 executor, 1 job)");
        String text = Files.readString(file);
        assertThat(text)
                .contains("count: 2\n        items: 3")
                .contains("runTime: 500ms")
                .contains("configFields: 34")
                .contains("namespacesWithoutJobs:\n    - empty")
                .contains("jobsNotOnCron: 1")
                .contains("jobsWithUnreadableCron: 1")
                .contains("jobsFasterThanOncePerMinute: 1")
                .contains("requests: 123")
                .contains("zkClientLines:\n    '3.4': 1\n    '3.5': 0\n    unseen: 2");
        assertThat(FleetSummary.firesPerMinute(EVERY_SECOND)).isEqualTo(60);
        assertThat(FleetSummary.firesPerMinute(PASSIVE)).isZero();
    }

    @Test
    void aJobsTimeZoneGoesIntoTheFileWithItsCron(@TempDir Path dir) throws Exception {
        ScannedJob nightly = new ScannedJob(2, "0 0 2 * * ?", "Asia/Shanghai", "JAVA_JOB", 34, 60, true, true, true);
        Map<String, Object> model = ScannedModel.of(
                "fleet", List.of(new ScannedDomain("a", 1, 1, 1, "3.5.1", "3.5", List.of(nightly))), 0, 10);
        Path file = dir.resolve("fleet.yaml");
        Files.writeString(file, ScannedModel.yaml(model, "127.0.0.1:2181"));
        assertThat(Files.readString(file)).contains("timeZone: Asia/Shanghai");
        assertThat(ModelFile.read(file).describe()).as("the file reads back").isEqualTo("a (1 executor, 1 job)");
    }

    @Test
    void aJobsEnabledReportGoesIntoTheFile(@TempDir Path dir) throws Exception {
        ScannedJob unreported = new ScannedJob(4, "0/2 * * * * ?", null, "JAVA_JOB", 34, 60, true, false, true);
        Map<String, Object> model = ScannedModel.of(
                "fleet",
                List.of(new ScannedDomain("a", 2, 2, 1, "3.5.0", "3.5", List.of(unreported, MINUTELY))),
                0,
                10);
        Path file = dir.resolve("fleet.yaml");
        Files.writeString(file, ScannedModel.yaml(model, "127.0.0.1:2181"));
        assertThat(Files.readString(file)).containsOnlyOnce("enabledReport: false");
        assertThat(ModelFile.read(file).describe()).as("the file reads back").isEqualTo("a (2 executors, 2 jobs)");
    }

    @Test
    void theClientLineIsWhatMostLatchesShowElseTheVersionsOwn() {
        ScannedDomain on34 = new ScannedDomain("a", 1, 1, 1, "3.5.0", "3.4", List.of(MINUTELY));
        ScannedDomain on35 = new ScannedDomain("b", 1, 1, 1, "3.5.0", "3.5", List.of(MINUTELY));
        ScannedDomain unseen = new ScannedDomain("c", 1, 1, 1, "3.5.0", null, List.of(MINUTELY));
        assertThat(ScannedModel.zkClient(List.of(on34, on34, on35, unseen), "saturn-3"))
                .isEqualTo("3.4");
        assertThat(ScannedModel.zkClient(List.of(on34, on35), "saturn-2.1")).isEqualTo("3.5");
        assertThat(ScannedModel.zkClient(List.of(unseen), "saturn-3")).isEqualTo("3.5");
        assertThat(ScannedModel.zkClient(List.of(unseen), "saturn-2.1")).isEqualTo("3.4");
    }

    @Test
    void theSaturnLineIsWhatTheExecutorsRegisteredElseWhatTheConfigShows() {
        ScannedJob shell = new ScannedJob(1, "0 * * * * ?", null, "SHELL_JOB", 22, 40, true, true, false);
        assertThat(ScannedModel.version(List.of(new ScannedDomain("a", 1, 1, 1, "2.1.5", null, List.of(MINUTELY)))))
                .isEqualTo("saturn-2.1");
        assertThat(ScannedModel.version(List.of(new ScannedDomain("a", 1, 1, 1, "sim", null, List.of(shell)))))
                .isEqualTo("saturn-2.1");
        assertThat(ScannedModel.version(List.of(new ScannedDomain("a", 1, 1, 1, null, null, List.of(MINUTELY)))))
                .isEqualTo("saturn-3");
        assertThat(ScannedModel.version(List.of(new ScannedDomain("a", 1, 1, 1, "saturn-3.5.1", null, List.of(shell)))))
                .as("the version's number, whatever surrounds it")
                .isEqualTo("saturn-3");
        assertThat(ScannedModel.version(
                        List.of(new ScannedDomain("a", 1, 1, 1, "saturn-2.1.5", null, List.of(MINUTELY)))))
                .isEqualTo("saturn-2.1");
    }

    @Test
    void theChosenLineAndAnUnreadableCronAreSaidAndAVersionWithoutANumberIsAQuestion() {
        ScannedJob shell = new ScannedJob(1, "0 * * * * ?", null, "SHELL_JOB", 22, 40, true, true, false);
        ScannedJob unreadable = new ScannedJob(1, "every five minutes", null, "SHELL_JOB", 22, 40, true, true, false);
        assertThat(ScanNotes.of(List.of(new ScannedDomain("orders", 3, 3, 1, "saturn-3.5.1", null, List.of(shell)))))
                .containsExactly("Saturn line: saturn-3, from the executors' versions ('saturn-3.5.1' in orders).");
        assertThat(ScanNotes.of(List.of(new ScannedDomain("orders", 3, 3, 1, "sim", null, List.of(shell, unreadable)))))
                .containsExactly(
                        "Saturn line: saturn-2.1, from no executor online said a version it knows, and no job's config"
                                + " has a field only Saturn 3.x writes; executors registered 'sim' in orders, which"
                                + " zkload does not know as a Saturn version: if they run 3.x, set version: saturn-3"
                                + " in the file.",
                        "orders: a job's cron 'every five minutes' cannot be read, so the file models it as a job that"
                                + " does not fire on a cron; give it its cron in the file if it should.");
    }

    @Test
    void theFileHasNoAnchorsWhereTwoValuesAreEqualAndItsHeaderTheNotes(@TempDir Path dir) throws Exception {
        // both of the summary's lists are empty: the same empty list, which a YAML dumper would anchor
        Map<String, Object> model = ScannedModel.of(
                "fleet", List.of(new ScannedDomain("a", 2, 2, 1, "3.5.1", null, List.of(MINUTELY))), 0, 10);
        String text = ScannedModel.yaml(model, "127.0.0.1:2181", List.of("Saturn line: saturn-3, from …"));
        assertThat(text)
                .doesNotContain("&id", "*id")
                .contains("namespacesWithoutExecutorsOnline: []\n  namespacesWithoutConsoleLeader: []")
                .contains("\n# Saturn line: saturn-3, from …\nmodel: fleet");
        Path file = dir.resolve("fleet.yaml");
        Files.writeString(file, text);
        assertThat(ModelFile.read(file).describe()).isEqualTo("a (2 executors, 1 job)");
    }
}
