package dev.zkload.bench.stats;

import java.util.Locale;

/** A server's role as {@code mntr}'s {@code zk_server_state} (or {@code srvr}'s Mode) reports it. */
public enum ServerState {
    LEADER,
    FOLLOWER,
    OBSERVER,
    STANDALONE,
    UNKNOWN;

    static ServerState parse(String text) {
        if (text == null) {
            return UNKNOWN;
        }
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return UNKNOWN;
        }
    }

    /** True for the server that orders writes: the leader, or a standalone server. */
    public boolean leads() {
        return this == LEADER || this == STANDALONE;
    }
}
