package dev.zkload.runner.cli;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.ensemble.ProcessStats;
import dev.zkload.bench.ensemble.ServerDistribution;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.RunFailure;
import dev.zkload.runner.cli.options.ServerOptions;
import dev.zkload.runner.engine.run.EmbeddedServers;
import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code ensemble}: starts a local real ensemble, prints its connect string as the first line of
 * standard output (so scripts can read it), then runs until Ctrl-C, when it stops the servers. A TLS or
 * SASL ensemble's client credentials are written to a folder of their own, so that any command (or a
 * user's own client) can connect with {@code --zk-client-config} and {@code --jaas} while it runs.
 */
@Command(
        name = "ensemble",
        mixinStandardHelpOptions = true,
        description = {
            "Start a local real ZooKeeper ensemble, print its connect string, run until Ctrl-C.",
            "With --embedded-tls or --embedded-sasl digest the servers accept only clients that log in so; the"
                    + " client's settings are written to an owner-only folder, named on the output, and removed"
                    + " with the servers: connect with --zk-client-config DIR/client.properties (and --jaas"
                    + " DIR/jaas.conf for SASL)."
        })
public final class EnsembleCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServerOptions server = new ServerOptions();

    @Override
    public Integer call() {
        server.validate(spec);
        PrintWriter out = spec.commandLine().getOut();
        EmbeddedServers settings = server.embedded(3);
        ServerDistribution distribution;
        try {
            distribution = settings.distribution(line -> {
                out.println(line);
                out.flush();
            });
        } catch (IOException e) {
            throw new RunFailure(e.getMessage(), e);
        }
        ClientFiles files;
        try {
            files = ClientFiles.create();
        } catch (IOException e) {
            throw new RunFailure("cannot make a folder for the client's settings: " + e.getMessage(), e);
        }
        try (ClientFiles client = files;
                LocalEnsemble ensemble = settings.builder(distribution, java.util.Optional.empty())
                        .build()) {
            try {
                ensemble.start();
            } catch (InterruptedException e) {
                return ExitCodes.INTERRUPTED;
            } catch (Exception e) {
                throw new RunFailure("the ensemble did not start: " + e.getMessage(), e);
            }
            out.println(ensemble.connectString());
            describe(ensemble, out);
            client.write(ensemble).ifPresent(how -> out.println("Clients connect with " + how));
            out.println("Serving. Press Ctrl-C to stop the servers.");
            out.flush();
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                out.println("Stopping the ensemble.");
                out.flush();
            }
            return ExitCodes.INTERRUPTED;
        }
    }

    private static void describe(LocalEnsemble ensemble, PrintWriter out) {
        int leader = ensemble.leader();
        List<ServerAddress> servers = ensemble.servers();
        out.printf("%-3s %-10s %-18s %-11s %s%n", "id", "role", "client", "admin port", "pid");
        for (int id = 1; id <= servers.size(); id++) {
            ServerAddress s = servers.get(id - 1);
            ProcessStats stats = ensemble.processStats(id);
            String role = servers.size() == 1
                    ? "standalone"
                    : id == leader ? "leader" : ensemble.observers().contains(id) ? "observer" : "follower";
            out.printf("%-3d %-10s %-18s %-11d %d%n", id, role, s.hostPort(), s.adminPort(), stats.pid());
        }
    }
}
