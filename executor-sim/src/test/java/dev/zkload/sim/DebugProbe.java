package dev.zkload.sim;

import dev.zkload.bench.ensemble.LocalEnsemble;
import java.util.List;
import org.apache.zookeeper.ZKUtil;
import org.apache.zookeeper.ZooKeeper;

public final class DebugProbe {
    public static void main(String[] args) throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("512m").build()) {
            zk.start();
            try (DomainFleet fleet = DomainFleet.builder(zk.connectString()).root("/zkload/dbg")
                    .model(SaturnModel.saturn21().toBuilder().jobsPerDomain(35).build()).build()) {
                fleet.start();
                fleet.addDomains(2);
                ZooKeeper o = Clients.connect(zk.connectString());
                for (int t = 0; t < 10; t++) {
                    Thread.sleep(20_000);
                    int completed = 0, hosts = 0, pending = 0, emptySharding = 0;
                    List<String> tree; try { tree = ZKUtil.listSubTreeBFS(o, "/zkload/dbg"); } catch (Exception e) { continue; }
                    for (String p : tree) {
                        try {
                            if (p.endsWith("/completed")) completed++;
                            if (p.endsWith("/election/host")) hosts++;
                            if (p.endsWith("necessary") && !new String(o.getData(p, false, null)).equals("0")) { pending++; if (t > 5) System.out.println("pending " + p + " " + new String(o.getData(p, false, null))); }
                            if (p.endsWith("/sharding") && p.contains("servers") && o.getData(p, false, null).length == 0) emptySharding++;
                        } catch (Exception e) { }
                    }
                    System.out.println("t=" + (t + 1) * 20 + " completed=" + completed + " hosts=" + hosts + " pending=" + pending
                            + " emptySharding=" + emptySharding + " " + fleet.snapshot().runsCompleted());
                }
                o.close();
            }
        }
    }
}
