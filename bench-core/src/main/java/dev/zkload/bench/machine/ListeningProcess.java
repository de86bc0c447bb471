package dev.zkload.bench.machine;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Which process on this machine listens on a TCP port: a server given by its address (a ZooKeeper on
 * 127.0.0.1, started by hand or by a script) can then be read from {@code /proc} like one zkload forked.
 * The listening socket's inode comes from {@code /proc/net/tcp} and {@code tcp6}; the process is the one
 * holding a descriptor on that socket, if it is a JVM or names ZooKeeper (a port forwarder is not the server).
 * Only processes whose descriptors this user may read are found.
 */
public final class ListeningProcess {
    private static final int TCP_LISTEN = 0x0A;

    private ListeningProcess() {}

    /** The pid listening on {@code port}; empty when none is found (another user's, another machine's, or none). */
    public static Optional<Long> onPort(int port) {
        try {
            Set<String> inodes = new HashSet<>();
            for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
                Path p = Path.of(table);
                if (Files.isReadable(p)) {
                    inodes.addAll(listening(Files.readAllLines(p), port));
                }
            }
            return inodes.isEmpty() ? Optional.empty() : holder(inodes);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The inodes of sockets listening on {@code port} in one {@code /proc/net/tcp*} table. */
    static Set<String> listening(List<String> table, int port) {
        Set<String> inodes = new HashSet<>();
        String hexPort = String.format(Locale.ROOT, ":%04X", port);
        for (String line : table.subList(Math.min(1, table.size()), table.size())) {
            String[] f = line.trim().split("\\s+", -1);
            // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
            if (f.length > 9 && f[1].endsWith(hexPort) && Integer.parseInt(f[3], 16) == TCP_LISTEN) {
                inodes.add(f[9]);
            }
        }
        return inodes;
    }

    /** A command line ({@code /proc/PID/cmdline}, arguments NUL-separated) that runs a JVM or names ZooKeeper. */
    static boolean javaOrZooKeeper(byte[] cmdline) {
        String all = new String(cmdline, java.nio.charset.StandardCharsets.UTF_8);
        String first = all.split("\0", -1)[0];
        String program = first.substring(first.lastIndexOf('/') + 1);
        return program.startsWith("java") || all.toLowerCase(Locale.ROOT).contains("zookeeper");
    }

    private static Optional<Long> holder(Set<String> inodes) throws IOException {
        Set<String> targets = new HashSet<>();
        inodes.forEach(i -> targets.add("socket:[" + i + "]"));
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(
                Path.of("/proc"), p -> p.getFileName().toString().chars().allMatch(Character::isDigit))) {
            for (Path proc : procs) {
                try (DirectoryStream<Path> fds = Files.newDirectoryStream(proc.resolve("fd"))) {
                    for (Path fd : fds) {
                        if (targets.contains(Files.readSymbolicLink(fd).toString())) {
                            // a port forwarder (docker-proxy) holds the port for a server it is not: its CPU is not
                            // the server's
                            if (!javaOrZooKeeper(Files.readAllBytes(proc.resolve("cmdline")))) {
                                break;
                            }
                            return Optional.of(Long.parseLong(proc.getFileName().toString()));
                        }
                    }
                } catch (IOException | SecurityException e) {
                    // another user's process, or one that ended while we looked
                }
            }
        }
        return Optional.empty();
    }
}
