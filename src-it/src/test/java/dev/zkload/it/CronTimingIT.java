package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.it.testing.ItemRuns;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.ModelFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model file with {@code timing: cron} fires its jobs at the cron's own moments, as Saturn does: every
 * job on {@code 0/5 * * * * ?}, in every domain, fires at seconds 0, 5, 10… of the clock, so each item's
 * {@code completed} node is created one run time after such a second, never at a random moment of the
 * five (spread fires, the default, would put eight jobs' fires all over it). A cron whose fires come at
 * uneven intervals fires at each of its moments too, not at its average rate.
 */
class CronTimingIT {
    private static final String ROOT = "/zkload/cron-timing";
    private static final long RUN_MS = 100;
    /** Two domains of 4 jobs of 2 items: 16 items, of which at least half must show where they completed. */
    private static final int MIN_ITEMS = 8;

    @Test
    void jobsOnOneCronFireTogetherAtItsSeconds(@TempDir Path tmp) throws Exception {
        List<Long> moments = completedMoments(timed(tmp, "0/5 * * * * ?"), 5_000);
        System.out.println("completed at ms of the 5 s period: " + moments);
        assertThat(moments)
                .as("items completed: one run after a fire at a multiple of 5 s, not spread over the period")
                .hasSizeGreaterThanOrEqualTo(MIN_ITEMS)
                .allSatisfy(ms -> assertThat(ms).isBetween(RUN_MS, 2_500L));
    }

    @Test
    void jobsOnAnUnevenCronFireAtEachOfItsMoments(@TempDir Path tmp) throws Exception {
        // seconds 0 to 3, then 20 and 21, of each minute: gaps of 1, 17 and 39 s (spread, its six fires a minute
        // would come every 10 s from a random second of each job's)
        List<Long> moments = completedMoments(timed(tmp, "0-3,20-21 * * * * ?"), 60_000);
        System.out.println("completed at ms of the minute: " + moments);
        assertThat(moments)
                .as("items completed: one run after a fire at second 0-3 or 20-21 of the minute, nowhere else")
                .hasSizeGreaterThanOrEqualTo(MIN_ITEMS)
                .allSatisfy(ms -> assertThat(ms)
                        .satisfiesAnyOf(
                                early -> assertThat(early).isBetween(RUN_MS, 3_000 + 1_500L),
                                late -> assertThat(late).isBetween(20_000 + RUN_MS, 21_000 + 1_500L)));
    }

    /**
     * A model file with {@code timing: cron}: a kind of 2 executors and 4 jobs of 2 items on {@code cron}, 100 ms runs,
     * reported even where the console would not report so fast a cron: each run leaves its completed node to time.
     */
    private static Path timed(Path tmp, String cron) throws IOException {
        Path file = tmp.resolve("timed.yaml");
        Files.writeString(file, """
                version: saturn-3
                timing: cron
                kinds:
                  - name: a
                    executors: 2
                    jobs:
                      - count: 4
                        items: 2
                        cron: "%s"
                        runTime: 100ms
                        enabledReport: true
                """.formatted(cron));
        return file;
    }

    /** Two domains of the file's model, every item run once: where in the period each item's last run completed. */
    private static List<Long> completedMoments(Path file, long periodMs) throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("256m").build()) {
            zk.start();
            try (DomainFleet fleet = DomainFleet.builder(zk.connectString())
                    .root(ROOT)
                    .modelFile(ModelFile.read(file))
                    .build()) {
                fleet.start();
                fleet.addDomains(2);
                ItemRuns.awaitEveryItemRan(zk.connectString(), ROOT);
                return completedBetweenFires(zk.connectString(), periodMs);
            }
        }
    }

    /**
     * The completed nodes' moments, read between fires: a fire deletes an item's completed node as its next run
     * begins, so a reading taken during a burst of fires (seconds 0 to 3 of the uneven cron) finds few or none. Read
     * again until {@value #MIN_ITEMS} are there, or the time is up; the last reading is what the test judges.
     */
    private static List<Long> completedBetweenFires(String connect, long periodMs) throws Exception {
        long deadline = System.nanoTime() + Timeouts.seconds(90).toNanos();
        List<Long> moments = completedMoments(connect, periodMs);
        while (moments.size() < MIN_ITEMS && System.nanoTime() < deadline) {
            Thread.sleep(250);
            moments = completedMoments(connect, periodMs);
        }
        return moments;
    }

    /** Where in the period of the clock each item's completed node (there now) was created. */
    private static List<Long> completedMoments(String connect, long periodMs) throws Exception {
        List<Long> moments = new ArrayList<>();
        ZooKeeper zk = ZkClients.connect(connect);
        try {
            for (String domain : zk.getChildren(ROOT, false)) {
                String jobs = ROOT + "/" + domain + "/$Jobs";
                if (zk.exists(jobs, false) == null) {
                    continue; // the fleet's lock, not a domain
                }
                for (String job : zk.getChildren(jobs, false)) {
                    for (String item : zk.getChildren(jobs + "/" + job + "/execution", false)) {
                        Stat s = zk.exists(jobs + "/" + job + "/execution/" + item + "/completed", false);
                        if (s != null) {
                            moments.add(s.getCtime() % periodMs);
                        }
                    }
                }
            }
        } finally {
            zk.close();
        }
        return moments;
    }
}
