package dev.zkload.bench.ensemble;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The {@code zoo.cfg} of one server. Defaults suit a load tool: every connection comes from
 * 127.0.0.1, so the per-IP limit is off; the four-letter words zkload reads are whitelisted; the
 * AdminServer listens on loopback; old snapshots are purged so long ramps do not fill the disk.
 *
 * <p>Keys ZooKeeper does not know as zoo.cfg settings (for example {@code snapCount}) become
 * {@code zookeeper.<key>} system properties inside the server (QuorumPeerConfig does that), which
 * is how {@code snapCount} in zoo.cfg takes effect.
 */
final class ZooCfg {
    static final String WHITELIST = "mntr,srvr,cons,wchs,wchc,stat,ruok,conf,envi,dump,isro,crst,srst";

    private ZooCfg() {}

    static String render(int id, Path dataDir, List<Ports> all, Map<String, String> overrides) {
        Ports mine = all.get(id - 1);
        Map<String, String> cfg = new LinkedHashMap<>();
        cfg.put("tickTime", "2000");
        cfg.put("initLimit", "10");
        cfg.put("syncLimit", "5");
        cfg.put("dataDir", dataDir.toString());
        cfg.put("clientPort", Integer.toString(mine.client()));
        cfg.put("clientPortAddress", "127.0.0.1");
        cfg.put("maxClientCnxns", "0");
        cfg.put("4lw.commands.whitelist", WHITELIST);
        cfg.put("admin.enableServer", "true");
        cfg.put("admin.serverAddress", "127.0.0.1");
        cfg.put("admin.serverPort", Integer.toString(mine.admin()));
        cfg.put("autopurge.snapRetainCount", "3");
        cfg.put("autopurge.purgeInterval", "1");
        cfg.put("reconfigEnabled", "false");
        cfg.put("standaloneEnabled", "true");
        if (all.size() > 1) {
            for (int i = 0; i < all.size(); i++) {
                Ports p = all.get(i);
                cfg.put("server." + (i + 1), "127.0.0.1:" + p.quorum() + ":" + p.election());
            }
        }
        cfg.putAll(overrides);
        return cfg.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining("\n", "", "\n"));
    }

    /** The ports of one server. */
    record Ports(int client, int quorum, int election, int admin) {}
}
