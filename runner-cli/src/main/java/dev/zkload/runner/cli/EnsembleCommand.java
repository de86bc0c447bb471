package dev.zkload.runner.cli;

import dev.zkload.bench.client.ServerAddress;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.ensemble.ProcessStats;
import dev.zkload.bench.ensemble.ServerDistribution;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.RunFailure;
import dev.zkload.runner.cli.options.ServerOptions;
import dev.zkload.runner.engine.run.EmbeddedServers;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ensemble}: starts a local real ensemble, prints its connect string as the first line of
 * standard output (so scripts can read it), then runs until Ctrl-C, when it stops the servers.
 */
@Command(
        name = "ensemble",
        mixinStandardHelpOptions = true,
        description = "Start a local real ZooKeeper ensemble, print its connect string, run until Ctrl-C.")
public final class EnsembleCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServerOptions server = new ServerOptions();

    @Override
    public Integer call() {
        server.validate(spec);
        if (server.embeddedTls || server.embeddedSasl != null) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--embedded-tls and --embedded-sasl make credentials for one run: use them with latency,"
                            + " simulate or the ramp, which start and use such an ensemble themselves");
        }
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
        try (LocalEnsemble ensemble = settings.builder(distribution).build()) {
            try {
                ensemble.start();
            } catch (InterruptedException e) {
                return ExitCodes.INTERRUPTED;
            } catch (Exception e) {
                throw new RunFailure("the ensemble did not start: " + e.getMessage(), e);
            }
            out.println(ensemble.connectString());
            describe(ensemble, out);
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
            String role = servers.size() == 1 ? "standalone" : id == leader ? "leader" : "follower";
            out.printf("%-3d %-10s %-18s %-11d %d%n", id, role, s.hostPort(), s.adminPort(), stats.pid());
        }
    }
}
