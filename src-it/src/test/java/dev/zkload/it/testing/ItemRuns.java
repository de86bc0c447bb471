package dev.zkload.it.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;

/** When the Saturn namespaces under a root have settled into their steady work, read from their tree. */
public final class ItemRuns {
    private ItemRuns() {}

    /**
     * Until every item of every enabled job under {@code root} that reports its runs has completed once: each
     * job's reshard applied and each executor at its steady work. "Completed once" rather than "all completed
     * at one instant": a run deletes its item's completed node while it runs. (A job that does not report its
     * runs leaves nothing to see; the reported ones' reshards come with theirs.)
     */
    public static void awaitEveryItemRan(String connect, String root) throws Exception {
        ZooKeeper observer = ZkClients.connect(connect);
        try {
            List<String> waiting = enabledItems(observer, root);
            assertThat(waiting).as("items of enabled jobs under %s", root).isNotEmpty();
            await().atMost(Timeouts.seconds(90))
                    .pollInterval(Duration.ofSeconds(1))
                    .until(() -> {
                        for (var it = waiting.iterator(); it.hasNext(); ) {
                            if (observer.exists(it.next() + "/completed", false) != null) {
                                it.remove();
                            }
                        }
                        return waiting.isEmpty();
                    });
        } finally {
            observer.close();
        }
    }

    /** Every item of every enabled, reporting job of every namespace under the root, as its execution path. */
    private static List<String> enabledItems(ZooKeeper zk, String root) throws KeeperException, InterruptedException {
        List<String> items = new ArrayList<>();
        for (String namespace : zk.getChildren(root, false)) {
            String jobs = root + "/" + namespace + "/$Jobs";
            if (zk.exists(jobs, false) == null) {
                continue; // the fleet's lock, not a namespace
            }
            for (String job : zk.getChildren(jobs, false)) {
                String config = jobs + "/" + job + "/config/";
                if (text(zk, config + "enabled").equals("true")
                        && !text(zk, config + "enabledReport").equals("false")) {
                    int count = Integer.parseInt(text(zk, config + "shardingTotalCount"));
                    for (int i = 0; i < count; i++) {
                        items.add(jobs + "/" + job + "/execution/" + i);
                    }
                }
            }
        }
        return items;
    }

    /** A config field's text, or "" where the job has no such field. */
    private static String text(ZooKeeper zk, String path) throws KeeperException, InterruptedException {
        try {
            return new String(zk.getData(path, false, null), StandardCharsets.UTF_8);
        } catch (KeeperException.NoNodeException e) {
            return "";
        }
    }
}
