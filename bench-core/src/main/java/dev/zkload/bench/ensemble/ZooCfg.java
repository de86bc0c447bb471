package dev.zkload.bench.ensemble;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The {@code zoo.cfg} of one server, in the keys its version understands. Defaults suit a load tool:
 * every connection comes from 127.0.0.1, so the per-IP limit is off; the four-letter words zkload
 * reads are whitelisted; the AdminServer (3.5 and later) listens on loopback; old snapshots are
 * purged so long ramps do not fill the disk.
 *
 * <p>Versions: 3.4 has no AdminServer, no {@code reconfigEnabled} and no {@code standaloneEnabled}, so
 * those keys are left out for it (its statistics come from four-letter words, which 3.4 answers
 * without a whitelist before 3.4.10 and with every word whitelisted after). TLS for clients
 * ({@code secureClientPort} on the Netty connection factory) exists from 3.5; a TLS ensemble has no
 * plain client port at all.
 *
 * <p>Keys ZooKeeper does not know as zoo.cfg settings (for example {@code snapCount}) become
 * {@code zookeeper.<key>} system properties inside the server (QuorumPeerConfig does that in every
 * version), which is how {@code snapCount}, {@code authProvider.1} and the SASL enforcement keys take effect.
 *
 * <p>A quorum's {@code server.N} lines name each member's client address too ({@code ;127.0.0.1:port}, 3.5 and
 * later, plain client ports only), as a real deployment's do: every member then publishes where each other member
 * serves clients ({@code conf}, the AdminServer's {@code voting_view}), which a client that knows some of the
 * servers needs to find the rest; 3.4's lines have no such part. An observer has {@code :observer} on its line in
 * every server's file and {@code peerType=observer} in its own, in every release.
 */
final class ZooCfg {
    static final String WHITELIST = "mntr,srvr,cons,wchs,wchc,stat,ruok,conf,envi,dump,isro,crst,srst";

    private ZooCfg() {}

    /**
     * @param voters   how many of {@code all} vote: the servers after them (the highest ids) are observers
     * @param security the TLS and SASL keys ({@link #tls}, {@link #sasl}); empty for a plain ensemble
     * @param tls      clients connect over TLS only: the client port is a {@code secureClientPort}
     */
    static String render(
            int id,
            Path dataDir,
            List<Ports> all,
            int voters,
            ServerVersion version,
            boolean tls,
            Map<String, String> security,
            Map<String, String> overrides) {
        Ports mine = all.get(id - 1);
        Map<String, String> cfg = new LinkedHashMap<>();
        cfg.put("tickTime", "2000");
        cfg.put("initLimit", "10");
        cfg.put("syncLimit", "5");
        cfg.put("dataDir", dataDir.toString());
        if (tls) {
            cfg.put("secureClientPort", Integer.toString(mine.client()));
            cfg.put("secureClientPortAddress", "127.0.0.1");
        } else {
            cfg.put("clientPort", Integer.toString(mine.client()));
            cfg.put("clientPortAddress", "127.0.0.1");
        }
        cfg.put("maxClientCnxns", "0");
        cfg.put("4lw.commands.whitelist", WHITELIST);
        if (version.atLeast(3, 5)) {
            cfg.put("admin.enableServer", "true");
            cfg.put("admin.serverAddress", "127.0.0.1");
            cfg.put("admin.serverPort", Integer.toString(mine.admin()));
        }
        cfg.put("autopurge.snapRetainCount", "3");
        cfg.put("autopurge.purgeInterval", "1");
        if (version.atLeast(3, 5)) {
            cfg.put("reconfigEnabled", "false");
            cfg.put("standaloneEnabled", "true");
        }
        if (all.size() > 1) {
            if (id > voters) {
                cfg.put("peerType", "observer");
            }
            boolean clientParts = version.atLeast(3, 5) && !tls;
            for (int i = 0; i < all.size(); i++) {
                Ports p = all.get(i);
                cfg.put(
                        "server." + (i + 1),
                        "127.0.0.1:" + p.quorum() + ":" + p.election() + (i + 1 > voters ? ":observer" : "")
                                + (clientParts ? ";127.0.0.1:" + p.client() : ""));
            }
        }
        cfg.putAll(security);
        cfg.putAll(overrides);
        return cfg.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining("\n", "", "\n"));
    }

    /** The zoo.cfg keys of a TLS-only client port, on the Netty connection factory TLS needs. */
    static Map<String, String> tls(TlsMaterial material) {
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("serverCnxnFactory", "org.apache.zookeeper.server.NettyServerCnxnFactory");
        keys.putAll(material.serverProperties());
        return keys;
    }

    /**
     * The zoo.cfg keys that make clients authenticate with SASL: the SASL provider, and the setting
     * each version enforces it with (3.7's {@code enforce.auth.*}, 3.6's
     * {@code sessionRequireClientSASLAuth}; 3.4 and 3.5 have only {@code requireClientAuthScheme},
     * which they record but do not enforce: there a client without SASL still gets in).
     */
    static Map<String, String> sasl(ServerVersion version) {
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("authProvider.1", "org.apache.zookeeper.server.auth.SASLAuthenticationProvider");
        if (version.atLeast(3, 7)) {
            keys.put("enforce.auth.enabled", "true");
            keys.put("enforce.auth.schemes", "sasl");
        } else if (version.atLeast(3, 6)) {
            keys.put("sessionRequireClientSASLAuth", "true");
        } else {
            keys.put("requireClientAuthScheme", "sasl");
        }
        return keys;
    }

    /** The ports of one server. */
    record Ports(int client, int quorum, int election, int admin) {}
}
