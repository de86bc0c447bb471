package dev.zkload.runner.engine.disrupt;

import java.util.Locale;

/**
 * Which server a stall pauses, as {@code --server} names it: the leader, a follower, or a server id
 * (1-based, as {@code myid}), resolved when the fault strikes, since elections move the leader.
 *
 * @param role {@code leader}, {@code follower}, or null when {@code id} names the server
 * @param id   the server's id, or 0 when a role names it
 */
public record ServerPick(String role, int id) {
    public static final ServerPick FOLLOWER = new ServerPick("follower", 0);
    public static final ServerPick LEADER = new ServerPick("leader", 0);

    /**
     * The pick {@code --server} names.
     *
     * @throws IllegalArgumentException saying what may be written
     */
    public static ServerPick parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("leader")) {
            return LEADER;
        }
        if (t.equals("follower")) {
            return FOLLOWER;
        }
        try {
            int id = Integer.parseInt(t);
            if (id >= 1) {
                return new ServerPick(null, id);
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("--server takes leader, follower or a server id from 1, got '" + text + "'");
    }

    /**
     * The server id this pick names now.
     *
     * @param leader the current leader's id, -1 when none leads
     * @param size   the ensemble's size
     * @throws IllegalStateException when the pick names a leader and none leads, or an id beyond the ensemble
     */
    public int resolve(int leader, int size) {
        if (role == null) {
            if (id > size) {
                throw new IllegalStateException("server " + id + " is not one of the ensemble's " + size);
            }
            return id;
        }
        if (leader < 1) {
            throw new IllegalStateException("no server leads, so there is no " + role + " to pick");
        }
        return role.equals("leader") ? leader : leader % size + 1;
    }

    @Override
    public String toString() {
        return role != null ? role : "server " + id;
    }
}
