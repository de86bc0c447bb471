package dev.zkload.bench.stats;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.zk.connect.ServerAddress;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A server's configuration as it publishes it: the {@code conf} four-letter word, or the AdminServer's
 * {@code configuration} command when {@code conf} is not whitelisted. Both carry the same settings
 * ({@code maxClientCnxns=60} in {@code conf}, {@code "max_client_cnxns": 60} from the AdminServer); the
 * settings ZooKeeper reads as JVM system properties ({@code jute.maxbuffer},
 * {@code zookeeper.globalOutstandingLimit}) are in neither.
 *
 * @param server the server read
 * @param source {@code conf} or {@code admin <url>}
 * @param keys   every setting as the server sent it, under {@code conf}'s names where the two differ
 */
public record ServerConfig(ServerAddress server, String source, Map<String, String> keys) {
    /** The AdminServer's names of the settings {@code conf} names differently. */
    private static final Map<String, String> ADMIN_NAMES = Map.of(
            "max_client_cnxns", "maxClientCnxns",
            "client_port", "clientPort",
            "tick_time", "tickTime",
            "min_session_timeout", "minSessionTimeout",
            "max_session_timeout", "maxSessionTimeout",
            "server_id", "serverId",
            "client_port_listen_backlog", "clientPortListenBacklog");

    public ServerConfig {
        keys = Map.copyOf(keys);
    }

    /** Reads {@code conf}'s answer: one {@code key=value} a line. */
    static ServerConfig fromConf(ServerAddress server, String answer) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (String line : answer.split("\n", -1)) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                keys.put(line.substring(0, eq).trim(), line.substring(eq + 1).trim());
            }
        }
        return new ServerConfig(server, "conf", keys);
    }

    /** Reads the AdminServer's {@code configuration} answer, its names turned into {@code conf}'s. */
    static ServerConfig fromAdmin(ServerAddress server, String adminUrl, JsonNode configuration) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> f : configuration.properties()) {
            if (f.getValue().isValueNode() && !f.getValue().isNull()) {
                keys.put(
                        ADMIN_NAMES.getOrDefault(f.getKey(), f.getKey()),
                        f.getValue().asText());
            }
        }
        return new ServerConfig(server, "admin " + adminUrl, keys);
    }

    /**
     * The voting members of the ensemble, as {@code conf} lists its membership ({@code server.N=…} lines,
     * observers left out); -1 when it lists none (a standalone server, or the AdminServer's answer, which
     * does not carry the membership) or when its quorum is not a plain majority (hierarchical: {@code
     * group.N} and {@code weight.N} lines).
     */
    public int voters() {
        if (keys.keySet().stream().anyMatch(k -> k.startsWith("group.") || k.startsWith("weight."))) {
            return -1;
        }
        long n = keys.entrySet().stream()
                .filter(e ->
                        e.getKey().matches("server\\.\\d+") && !e.getValue().contains(":observer"))
                .count();
        return n == 0 ? -1 : (int) n;
    }

    /**
     * The most connections the server takes from one client address; 0 means no limit (ZooKeeper's
     * own meaning), -1 that the server did not say.
     */
    public long maxClientCnxns() {
        String v = keys.get("maxClientCnxns");
        if (v == null) {
            return -1;
        }
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
