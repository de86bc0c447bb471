package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.ModelFile;
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
 * five (spread fires, the default, would put eight jobs' fires all over it).
 */
class CronTimingIT {
    private static final String ROOT = "/zkload/cron-timing";
    private static final long PERIOD_MS = 5_000;
    private static final long RUN_MS = 100;

    @Test
    void jobsOnOneCronFireTogetherAtItsSeconds(@TempDir Path tmp) throws Exception {
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
                        cron: "0/5 * * * * ?"
                        runTime: 100ms
                """);
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("256m").build()) {
            zk.start();
            try (DomainFleet fleet = DomainFleet.builder(zk.connectString())
                    .root(ROOT)
                    .modelFile(ModelFile.read(file))
                    .build()) {
                fleet.start();
                fleet.addDomains(2);
                ItemRuns.awaitEveryItemRan(zk.connectString(), ROOT);
                List<Long> moments = completedMoments(zk.connectString());
                System.out.println("completed at ms of the 5 s period: " + moments);
                assertThat(moments)
                        .as("items completed: one run after a fire at a multiple of 5 s, not spread over the period")
                        .hasSizeGreaterThanOrEqualTo(8)
                        .allSatisfy(ms -> assertThat(ms).isBetween(RUN_MS, 2_500L));
            }
        }
    }

    /** Where in the 5 s period of the clock each item's completed node (there now) was created. */
    private static List<Long> completedMoments(String connect) throws Exception {
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
                            moments.add(s.getCtime() % PERIOD_MS);
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
