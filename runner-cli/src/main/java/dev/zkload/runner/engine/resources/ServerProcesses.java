package dev.zkload.runner.engine.resources;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.machine.ListeningProcess;
import dev.zkload.zk.connect.ServerAddress;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where each server's process can be read: the embedded ensemble's forked JVMs, or a server given with
 * {@code --connect} that listens on this machine (found by its port); a server on another machine has no
 * process here to read.
 */
final class ServerProcesses {
    private final List<ServerAddress> servers;
    private final LocalEnsemble ensemble;

    /** @param ensemble the embedded ensemble, or null when the servers were given */
    ServerProcesses(List<ServerAddress> servers, LocalEnsemble ensemble) {
        this.servers = List.copyOf(servers);
        this.ensemble = ensemble;
    }

    List<ServerAddress> servers() {
        return servers;
    }

    /** The server's pid now; empty when it is not running here (or not at all). */
    Optional<Long> pid(ServerAddress server) {
        if (ensemble != null) {
            int id = servers.indexOf(server) + 1;
            long pid = id < 1 ? -1 : ensemble.processStats(id).pid();
            return pid < 0 ? Optional.empty() : Optional.of(pid);
        }
        return onThisMachine(server) ? ListeningProcess.onPort(server.clientPort()) : Optional.empty();
    }

    /** The embedded server's GC log; empty for a given server, whose JVM's flags are not ours. */
    Optional<Path> gcLog(ServerAddress server) {
        int id = servers.indexOf(server) + 1;
        return ensemble == null || id < 1 ? Optional.empty() : ensemble.gcLog(id);
    }

    /** The server's address is one of this machine's: loopback, or an address of one of its interfaces. */
    static boolean onThisMachine(ServerAddress server) {
        try {
            InetAddress a = InetAddress.getByName(server.host());
            return a.isLoopbackAddress() || a.isAnyLocalAddress() || NetworkInterface.getByInetAddress(a) != null;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** The server runs on this machine: one of the embedded ensemble's, or a given one at an address of this machine. */
    boolean local(ServerAddress server) {
        return ensemble != null || onThisMachine(server);
    }
}
