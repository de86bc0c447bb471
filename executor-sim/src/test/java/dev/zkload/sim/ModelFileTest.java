package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ModelFileTest {
    private static final String MIX = """
            model: our-fleet
            version: saturn-3
            defaults:
              runTime: 1s
            kinds:
              - name: small
                weight: 80
                executors: 2
                consoles: 1
                jobs:
                  - count: 10
                    items: 2
                    cron: "0 * * * * ?"
              - name: big
                weight: 20
                executors: 6
                registered: 8
                consoles: 2
                jobs:
                  - count: 3
                    items: 12
                    cron: "0/5 * * * * ?"
                    configBytes: 2000
                  - items: 1
                    enabled: false
            """;

    @Test
    void theBuiltInFilesAreExactlyThePresets() {
        for (SaturnModel preset : List.of(SaturnModel.saturn21(), SaturnModel.saturn3())) {
            ModelFile file = ModelFile.builtIn(preset.name());
            assertThat(file.name()).isEqualTo(preset.name());
            assertThat(file.version()).isEqualTo(preset.version());
            assertThat(file.zkClient()).isEqualTo(preset.zkClient());
            assertThat(file.kinds()).isEqualTo(ModelFile.of(preset).kinds());
            assertThat(file.kinds().get(0).jobs().get(0)).isEqualTo(JobGroup.of(preset));
            assertThat(file.expectedFootprint()).isEqualTo(preset.expectedFootprint());
            assertThat(file.sessionsPerDomain()).isEqualTo(5);
        }
    }

    @Test
    void aMixReadsWithItsKindsJobsAndDefaults() {
        ModelFile mix = parse(MIX);
        assertThat(mix.name()).isEqualTo("our-fleet");
        assertThat(mix.kinds()).extracting(DomainKind::name).containsExactly("small", "big");
        DomainKind big = mix.kinds().get(1);
        assertThat(big.registered()).isEqualTo(8);
        assertThat(big.jobCount()).isEqualTo(4);
        JobGroup fast = big.jobs().get(0);
        assertThat(fast.period().toMillis()).isEqualTo(5_000);
        assertThat(fast.firesPerSec()).isCloseTo(0.6, within());
        assertThat(fast.runTime().toMillis()).as("the file's default run time").isEqualTo(1_000);
        JobGroup off = big.jobs().get(1);
        assertThat(off.count()).isEqualTo(1);
        assertThat(off.fires()).isFalse();
        assertThat(off.configFields()).isEqualTo(34);
        assertThat(mix.sessionsPerDomain()).isEqualTo(8);
        assertThat(mix.describe()).isEqualTo("80% small (2 executors, 10 jobs), 20% big (6 executors, 4 jobs)");
        assertThat(mix.shares()).isEqualTo("80% like small, 20% like big");
        assertThat(ModelFile.builtIn("saturn-3").shares()).isEqualTo("all like saturn-3");
    }

    @Test
    void domainsAreAddedInTheMixsProportionsForEveryPrefix() {
        ModelFile mix = parse(MIX);
        List<String> kinds = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            kinds.add(mix.kindAt(i).name());
            long big = kinds.stream().filter("big"::equals).count();
            assertThat((double) big).isCloseTo(0.2 * kinds.size(), org.assertj.core.data.Offset.offset(1.0));
        }
        assertThat(kinds.subList(0, 10)).filteredOn("big"::equals).hasSize(2);
        assertThat(kinds.subList(0, 10)).filteredOn("small"::equals).hasSize(8);
        assertThat(mix.kindAt(57)).as("the same index, the same kind").isEqualTo(mix.kindAt(57));
    }

    @Test
    void aMixThatLosesItsLastDomainsAddsTheirKindsAgain() {
        DomainMix mix = parse(MIX).mix();
        List<DomainKind> first = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            first.add(mix.next());
        }
        // a refinement removes the last seven domains added, then adds four: the fleet is the first nine, as if
        // it had only ever added nine
        for (int i = 11; i >= 5; i--) {
            mix.remove(first.get(i));
        }
        List<DomainKind> again = new ArrayList<>(first.subList(0, 5));
        for (int i = 0; i < 4; i++) {
            again.add(mix.next());
        }
        assertThat(again).isEqualTo(first.subList(0, 9));
        DomainKind big = parse(MIX).kinds().get(1);
        DomainMix empty = parse(MIX).mix();
        assertThatThrownBy(() -> empty.remove(big)).hasMessage("no domain of kind big to remove");
    }

    @Test
    void theSessionsOfAFleetsFirstDomainsAreCountedByShareAndNeverUnderWhatItOpens() {
        ModelFile mix = parse(MIX);
        assertThat(mix.sessions(10)).as("8 small of 3 sessions, 2 big of 8").isEqualTo(8 * 3 + 2 * 8);
        assertThat(mix.sessions(3)).as("shares rounded up: 3 small and 1 big").isEqualTo(3 * 3 + 8);
        assertThat(mix.sessions(1))
                .as("never more than one domain of the largest kind")
                .isEqualTo(8);
        assertThat(ModelFile.builtIn("saturn-3").sessions(40))
                .as("one kind: exact")
                .isEqualTo(200);
        ModelFile odd = parse("""
                version: saturn-3
                kinds:
                  - {name: a, weight: 0.37, executors: 1, jobs: [{items: 1}]}
                  - {name: b, weight: 1.9, executors: 4, consoles: 3, jobs: [{items: 1}]}
                  - {name: c, weight: 5, executors: 20, jobs: [{items: 1}]}
                """);
        for (ModelFile file : List.of(mix, odd)) {
            DomainMix order = file.mix();
            int opened = 0;
            for (int n = 1; n <= 1_000; n++) {
                opened += order.next().sessions();
                assertThat(file.sessions(n))
                        .as("%s: %d domains", file.name(), n)
                        .isGreaterThanOrEqualTo(opened);
                assertThat(file.sessions(n))
                        .as("within a domain of each kind")
                        .isLessThanOrEqualTo(opened
                                + file.kinds().stream()
                                        .mapToInt(DomainKind::sessions)
                                        .sum());
            }
        }
    }

    /** A file with {@code timing: cron} and one job shape, {@code job}, on its line 7. */
    private static String oneTimedJob(String job) {
        return """
                version: saturn-3
                timing: cron
                kinds:
                  - name: a
                    executors: 1
                    jobs:
                      - %s
                """.formatted(job);
    }

    @Test
    void cronTimingFiresEveryJobOnACronAtItsMomentsInItsTimeZoneAndSpreadsTheRest() {
        ModelFile timed = parse("""
                version: saturn-3
                timing: cron
                kinds:
                  - name: a
                    executors: 2
                    jobs:
                      - {count: 3, items: 1, cron: "0/5 * * * * ?"}
                      - {items: 1, cron: "0 0 2 * * ?", timeZone: UTC}
                      - {items: 1, cron: "0 0 9-17 * * ?", timeZone: PST}
                      - {items: 1, cron: "0 0 12 L * ?"}
                      - {items: 1, every: 10s}
                """);
        List<JobGroup> jobs = timed.kinds().get(0).jobs();
        assertThat(jobs)
                .extracting(JobGroup::moments)
                .containsExactly(
                        // no timeZone: Saturn's own default
                        CronMoments.of("0/5 * * * * ?", ZoneId.of("Asia/Shanghai"))
                                .orElseThrow(),
                        CronMoments.of("0 0 2 * * ?", ZoneId.of("UTC")).orElseThrow(),
                        // a JDK short id, as Saturn's console takes it
                        CronMoments.of("0 0 9-17 * * ?", ZoneId.of("America/Los_Angeles"))
                                .orElseThrow(),
                        null,
                        null);
        Layout l = new Layout("/r", "d", timed.version(), timed.kinds().get(0));
        assertThat(List.of(l.moments("job-00"), l.moments("job-01"), l.moments("job-02")))
                .as("three jobs on one cron fire together")
                .containsOnly(jobs.get(0).moments());
        assertThat(l.moments("job-03").nextAfter(0))
                .isEqualTo(Duration.ofHours(2).toMillis());
        assertThat(parse(MIX).kinds().get(0).jobs().get(0).moments())
                .as("spread unless the file asks")
                .isNull();
        assertThatThrownBy(() -> parse("version: saturn-3\ntiming: quartz\nkinds: []"))
                .hasMessage("m.yaml:2: timing must be spread or cron, not 'quartz'");
        assertThatThrownBy(() -> parse(oneTimedJob("{items: 1, cron: \"0 * * * * ?\", timeZone: Mars/Olympus}")))
                .hasMessage("m.yaml:7: timeZone 'Mars/Olympus' is not a time zone (e.g. Asia/Shanghai, UTC)");
        // two fires a minute apart each hour: a 5-minute run would still be running at the next fire
        assertThatThrownBy(() -> parse(oneTimedJob("{items: 1, cron: \"0 0,1 * * * ?\", runTime: 5m}")))
                .hasMessage("m.yaml:7: runTime 300000 ms must be shorter than the 60000 ms between the cron's closest"
                        + " fires");
    }

    @Test
    void aJobReportsItsRunsUnlessItsFiresComeUnder5sApartOrTheFileSaysOtherwise() {
        assertThat(reports("{items: 1, cron: \"0/5 * * * * ?\"}")).isTrue();
        assertThat(reports("{items: 1, cron: \"0/2 * * * * ?\", runTime: 1s}")).isFalse();
        assertThat(reports("{items: 1, cron: \"0-3,20 * * * * ?\", runTime: 500ms}"))
                .as("an uneven cron by its closest fires")
                .isFalse();
        assertThat(reports("{items: 1, every: 3s, runTime: 1s}")).isFalse();
        assertThat(reports("{items: 1, cron: \"0/2 * * * * ?\", runTime: 1s, enabledReport: true}"))
                .isTrue();
        assertThat(reports("{items: 1, cron: \"0 * * * * ?\", enabledReport: false}"))
                .isFalse();
        assertThat(reports("{items: 1, cron: \"0/2 * * * * ?\", runTime: 1s, configFields: 10}"))
                .as("no enabledReport among its 10 fields: the executor's default for a cron job")
                .isTrue();
        assertThat(reports("{items: 1, jobType: PASSIVE_JAVA_JOB}")).isTrue();
        assertThat(reports("{items: 1, jobType: MSG_JOB}")).isFalse();
    }

    private static boolean reports(String job) {
        return parse(oneTimedJob(job)).kinds().get(0).jobs().get(0).reports();
    }

    @Test
    void theExpectationIsTheWeightedMeanOfTheKinds() {
        ModelFile mix = parse(MIX);
        Footprint small = FootprintModel.of(mix.version(), mix.kinds().get(0));
        Footprint big = FootprintModel.of(mix.version(), mix.kinds().get(1));
        Footprint mean = mix.expectedFootprint();
        assertThat(mean.znodes()).isCloseTo(0.8 * small.znodes() + 0.2 * big.znodes(), within());
        assertThat(mean.watches()).isCloseTo(0.8 * small.watches() + 0.2 * big.watches(), within());
        assertThat(mean.sessions()).isCloseTo(0.8 * 3 + 0.2 * 8, within());
        assertThat(big.writesPerSec())
                .as("a job every 5 s writes 12 times as often")
                .isGreaterThan(small.writesPerSec());
    }

    @Test
    void twoGroupsOfOneShapeCostWhatOneGroupOfBothCosts() {
        JobGroup g = JobGroup.of(SaturnModel.saturn21());
        JobGroup half = new JobGroup(17, 3, g.cron(), g.period(), null, 22, 0, true, true, g.runTime(), null);
        JobGroup rest = new JobGroup(18, 3, g.cron(), g.period(), null, 22, 0, true, true, g.runTime(), null);
        DomainKind split = new DomainKind("s", 1, 3, 3, 2, List.of(half, rest));
        Footprint f = FootprintModel.of(SaturnVersion.SATURN_2_1, split);
        Footprint preset = SaturnModel.saturn21().expectedFootprint();
        assertThat(f.znodes()).isEqualTo(preset.znodes());
        assertThat(f.watches()).isEqualTo(preset.watches());
        assertThat(f.ephemerals()).isCloseTo(preset.ephemerals(), within());
        assertThat(f.readsPerSec()).isCloseTo(preset.readsPerSec(), within());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "not YAML|version: saturn-3\\nkinds: [ {name: a|m.yaml:2: not YAML",
                "no version|kinds:\\n  - name: a|m.yaml:1: 'version' is missing",
                "unknown version|version: saturn-4\\nkinds: []|m.yaml:1: version must be saturn-2.1 or saturn-3, not 'saturn-4'",
                "no kinds|version: saturn-3\\nkinds: []|m.yaml:2: kinds must be a list of at least one domain kind",
                "misspelt key|version: saturn-3\\nkinds:\\n  - name: a\\n    executors: 1\\n    jobs:\\n      - itmes: 3|m.yaml:6: unknown key 'itmes' in a job shape",
                "zero items|version: saturn-3\\nkinds:\\n  - name: a\\n    executors: 1\\n    jobs:\\n      - items: 0|m.yaml:6: items must be at least 1, not 0",
                "bad cron|version: saturn-3\\nkinds:\\n  - name: a\\n    executors: 1\\n    jobs:\\n      - items: 1\\n        cron: 0 61 * * * ?|m.yaml:7: cron '0 61 * * * ?': cannot read '61' (values 0 to 59)",
                "run longer than period|version: saturn-3\\nkinds:\\n  - name: a\\n    executors: 1\\n    jobs:\\n      - items: 1\\n        every: 1s\\n        runTime: 2s|m.yaml:8: runTime 2000 ms must be shorter than the 1000 ms between fires",
                "written default longer than period|version: saturn-3\\ndefaults:\\n  runTime: 2s\\nkinds:\\n  - name: a\\n    executors: 1\\n    jobs:\\n      - items: 1\\n        every: 1s|m.yaml:8: defaults.runTime 2000 ms must be shorter than the 1000 ms between fires of this job: give it a runTime of its own",
                "negative weight|version: saturn-3\\nkinds:\\n  - name: a\\n    weight: -1\\n    executors: 1\\n    jobs:\\n      - items: 1|m.yaml:4: weight of kind 'a' must be a positive number",
                "too many fields|version: saturn-2.1\\nkinds:\\n  - name: a\\n    executors: 1\\n    jobs:\\n      - items: 1\\n        configFields: 34|m.yaml:7: configFields must be at most 30 for saturn-2.1",
                "fewer registered than online|version: saturn-3\\nkinds:\\n  - name: a\\n    executors: 3\\n    registered: 2\\n    jobs:\\n      - items: 1|m.yaml:5: registered (2) must be at least the online executors (3)",
                "huge count|version: saturn-3\\nkinds:\\n  - name: a\\n    executors: 1\\n    jobs:\\n      - items: 99999999999|m.yaml:6: items must be at most 2147483647, not '99999999999'",
                "huge duration|version: saturn-3\\nkinds:\\n  - name: a\\n    executors: 1\\n    jobs:\\n      - items: 1\\n        every: 99999999999999999999d|m.yaml:7: every must be at most 106751991167 days, not '99999999999999999999d'",
                "duration past a long of milliseconds|version: saturn-3\\nkinds:\\n  - name: a\\n    executors: 1\\n    jobs:\\n      - items: 1\\n        every: 999999999999999d|m.yaml:7: every must be at most 106751991167 days, not '999999999999999d'",
                "unknown client line|version: saturn-3\\nzkClient: 3.3\\nkinds: []|m.yaml:2: zkClient must be 3.4 or 3.5, not '3.3'",
                "kind named twice|version: saturn-3\\nkinds:\\n  - name: a\\n    executors: 1\\n    jobs: [{items: 1}]\\n  - name: a\\n    executors: 1\\n    jobs: [{items: 1}]|m.yaml:6: kind 'a' is named twice",
            })
    void aFileThatMakesNoSenseIsOneSentenceNamingItsLine(String why, String yaml, String message) {
        assertThatThrownBy(() -> parse(yaml.replace("\\n", "\n")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(message)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aJobThatNeverFiresOnItsOwnIsAStatedWarning() {
        ModelFile file = parse("""
                version: saturn-3
                kinds:
                  - name: a
                    executors: 1
                    jobs:
                      - items: 1
                      - items: 1
                        jobType: PASSIVE_JAVA_JOB
                      - items: 1
                        enabled: false
                      - items: 1
                        every: 5s
                """);
        assertThat(file.warnings())
                .containsExactly("m.yaml:6: a job shape with no cron and no every never fires on its own: its jobs"
                        + " hold their tree, watches and sessions, and run only when triggered (give cron or every for"
                        + " jobs that fire)");
    }

    @Test
    void theClientLineIsTheFilesOrElseItsVersions() {
        String body = "kinds:\n  - name: a\n    executors: 1\n    jobs: [{items: 1}]\n";
        assertThat(parse("version: saturn-3\n" + body).zkClient()).isEqualTo(ZkClientLine.ZK_3_5);
        assertThat(parse("version: saturn-2.1\n" + body).zkClient()).isEqualTo(ZkClientLine.ZK_3_4);
        ModelFile on34 = parse("version: saturn-3\nzkClient: \"3.4.14\"\n" + body);
        assertThat(on34.zkClient()).isEqualTo(ZkClientLine.ZK_3_4);
        // the 3.4 line keeps a latch per job and the console's, and each console's watch on it
        Footprint kept = on34.expectedFootprint();
        Footprint reaped = parse("version: saturn-3\n" + body).expectedFootprint();
        assertThat(kept.znodes() - reaped.znodes()).isEqualTo(2);
        assertThat(kept.watches() - reaped.watches()).isEqualTo(1);
    }

    @Test
    void aFileIsReadFromDiskAndNamedForItsFileWithoutAModelKey(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("payments.yaml");
        Files.writeString(file, MIX.replace("model: our-fleet\n", ""));
        assertThat(ModelFile.read(file).name()).isEqualTo("payments");
        Files.writeString(file, "version: saturn-3\nkinds: nope\n");
        assertThatThrownBy(() -> ModelFile.read(file))
                .hasMessage(file + ":2: kinds must be a list of at least one domain kind");
    }

    @Test
    void aDefaultTheFileDoesNotWriteFitsACronTheUserWroteInsteadOfFailingOnIt() {
        // every second: the unwritten 2 s default would outlast the fire; half the interval stands in for it
        ModelFile m = parse("""
                version: saturn-3
                kinds:
                  - name: a
                    executors: 1
                    jobs:
                      - items: 1
                        cron: "* * * * * ?"
                      - items: 1
                        cron: "0 * * * * ?"
                """);
        assertThat(m.kinds().get(0).jobs().get(0).runTime()).isEqualTo(Duration.ofMillis(500));
        assertThat(m.kinds().get(0).jobs().get(1).runTime())
                .as("a job with room keeps the 2 s default")
                .isEqualTo(Duration.ofSeconds(2));
    }

    private static ModelFile parse(String yaml) {
        return ModelFileParser.parse(new StringReader(yaml), "m.yaml", "m");
    }

    private static org.assertj.core.data.Offset<Double> within() {
        return org.assertj.core.data.Offset.offset(1e-6);
    }
}
