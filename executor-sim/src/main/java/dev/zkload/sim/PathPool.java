package dev.zkload.sim;

import java.util.concurrent.ConcurrentHashMap;

/**
 * One string per znode path and per child name of a domain, shared by every cache of its sessions
 * and, since the client keys its watch table by the very string it was given, by their ZooKeeper
 * clients too. Two consoles and three executors watch many of the same paths: held once, a path
 * costs its ≈120 bytes once per domain instead of once per watch. It holds only what the caches
 * watch (the domain's tree, ≈2,200 paths), so it stops growing once the domain is registered.
 */
final class PathPool {
    private final ConcurrentHashMap<String, String> strings = new ConcurrentHashMap<>();

    /** The pool's string equal to {@code s}. */
    String of(String s) {
        String had = strings.putIfAbsent(s, s);
        return had != null ? had : s;
    }

    /** The pool's {@code parent/name}. */
    String child(String parent, String name) {
        return of(Paths.join(parent, name));
    }
}
