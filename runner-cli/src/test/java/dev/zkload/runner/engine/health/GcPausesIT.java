package dev.zkload.runner.engine.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.zkload.bench.ensemble.LocalEnsemble;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A runner's GC pause is its own only when its collector worked that long: a JVM whose collections run on a core
 * that busy loops share shows pauses far longer than the work in them (it waited for the core), where the same
 * collections with the machine's cores as they are show work up to the pause's length (on a quiet machine, about
 * all of it: 0.9–1.0 of it measured). Each case is a child JVM ({@link GcPauseProbe}) collecting 160 MB of live
 * arrays in full collections.
 */
class GcPausesIT {
    private static final Pattern RESULT = Pattern.compile("pause=(\\d+) work=([0-9.NaE]+)");

    @Test
    void aPausesWorkIsReadAndNeverLongerThanThePause() throws Exception {
        // on a quiet machine the two are about equal; on a busy one (CI's neighbours) the work is the smaller
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "needs /proc");
        double[] r = probe(List.of());
        assertThat(r[0]).as("pause ms").isGreaterThan(20);
        assertThat(r[1]).as("work ms of a %s ms pause", r[0]).isGreaterThan(0).isLessThanOrEqualTo(r[0]);
    }

    @Test
    void aPauseOnACoreBusyLoopsShareIsMostlyWaitingForIt() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "needs /proc");
        assumeTrue(LocalEnsemble.TASKSET.isPresent(), "needs taskset");
        String taskset = LocalEnsemble.TASKSET.get().toString();
        int cpu = Runtime.getRuntime().availableProcessors() - 1;
        List<Process> hogs = new ArrayList<>();
        try {
            for (int i = 0; i < 4; i++) {
                hogs.add(new ProcessBuilder(taskset, "-c", Integer.toString(cpu), "sh", "-c", "while :; do :; done")
                        .start());
            }
            double[] r = probe(List.of(taskset, "-c", Integer.toString(cpu)));
            assertThat(r[0]).as("pause ms").isGreaterThan(20);
            assertThat(r[1]).as("work ms of a %s ms pause", r[0]).isLessThan(0.5 * r[0]);
        } finally {
            hogs.forEach(Process::destroyForcibly);
        }
    }

    /** The probe's longest pause and its work, ms, run under {@code prefix}. */
    private static double[] probe(List<String> prefix) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms512m",
                "-Xmx512m",
                "-cp",
                System.getProperty("java.class.path"),
                GcPauseProbe.class.getName(),
                "160",
                "4"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        Matcher m = RESULT.matcher(out);
        assertThat(m.find()).as(out).isTrue();
        return new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))};
    }
}
