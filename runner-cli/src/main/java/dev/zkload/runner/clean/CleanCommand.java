package dev.zkload.runner.clean;

import dev.zkload.bench.ops.ZkRoot;
import dev.zkload.bench.target.ConnectString;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.RunFailure;
import dev.zkload.runner.cli.DurationConverter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code clean}: removes what a run left under its root (after a SIGKILL, or a run with
 * {@code --keep}). Only zkload's own roots are touched: a path under {@code /zkload}, or a root
 * whose data carries zkload's marker; anything else needs {@code --force}, and {@code /} and
 * {@code /zookeeper} are refused whatever the flags.
 */
@Command(name = "clean", mixinStandardHelpOptions = true,
        description = "Remove what a zkload run left under its root on an ensemble.")
public final class CleanCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--connect", required = true, paramLabel = "HOSTS", description = "The ensemble (host:port,...).")
    String connect;

    @Option(names = "--root", required = true, paramLabel = "PATH",
            description = "The run's root, e.g. /zkload/ramp-20261122-150000 (or /zkload for every run).")
    String root;

    @Option(names = "--force", description = "Also delete a root outside /zkload that carries no zkload marker.")
    boolean force;

    @Option(names = "--connect-timeout", paramLabel = "DURATION", defaultValue = "15s",
            converter = DurationConverter.class, description = "How long to wait for the ensemble (default: ${DEFAULT-VALUE}).")
    Duration connectTimeout;

    @Override
    public Integer call() throws InterruptedException {
        ConnectString cs;
        try {
            cs = ConnectString.parse(connect);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--connect: " + e.getMessage());
        }
        try {
            ZkRoot.validate(root);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--" + e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        try (TreeRemover remover = TreeRemover.connect(cs, connectTimeout)) {
            if (!remover.exists(root)) {
                out.println("Nothing to clean: " + root + " does not exist on " + cs + ".");
                return ExitCodes.OK;
            }
            if (!force && !isZkloadRoot(root, remover.data(root))) {
                throw new ParameterException(spec.commandLine(), root + " is outside /zkload and carries no zkload"
                        + " marker; zkload did not create it (use --force if you are sure)");
            }
            long removed = remover.removeTree(root);
            out.println("Removed " + removed + " znodes under " + root + ".");
            return ExitCodes.OK;
        } catch (IOException e) {
            throw new RunFailure("cannot clean " + root + " on " + cs + ": " + e.getMessage(), e);
        }
    }

    /** A root under /zkload, or one whose data carries zkload's marker. */
    static boolean isZkloadRoot(String root, byte[] data) {
        if (root.equals("/zkload") || root.startsWith("/zkload/")) {
            return true;
        }
        return data != null && new String(data, StandardCharsets.UTF_8).startsWith(ZkRoot.MARKER);
    }
}
