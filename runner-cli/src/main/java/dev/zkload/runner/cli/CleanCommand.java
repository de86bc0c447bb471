package dev.zkload.runner.cli;

import dev.zkload.bench.client.RunLock;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.RunFailure;
import dev.zkload.runner.cli.options.DurationConverter;
import dev.zkload.runner.cli.options.SecurityOptions;
import dev.zkload.runner.engine.run.ClientSecuritySpec;
import dev.zkload.runner.engine.run.TreeRemover;
import dev.zkload.runner.text.Plural;
import dev.zkload.zk.ZkTrees;
import dev.zkload.zk.connect.ConnectString;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.zookeeper.KeeperException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code clean}: removes what a run left under its root (after a SIGKILL, or a run with
 * {@code --keep}). Only zkload's own roots are touched: a path under {@code /zkload}, or a root
 * whose data carries zkload's marker; anything else needs {@code --force}, and {@code /} and
 * {@code /zookeeper} are refused whatever the flags. A live run's root (its lock is held) is refused
 * too unless {@code --force}: cleaning must never pull a tree from under a running ramp.
 */
@Command(
        name = "clean",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description =
                "Remove what a zkload run left under its root on an ensemble (never a live run's, unless --force).")
public final class CleanCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--connect", required = true, paramLabel = "HOSTS", description = "The ensemble (host:port,...).")
    String connect;

    @Option(
            names = "--root",
            required = true,
            paramLabel = "PATH",
            description = "The run's root, e.g. /zkload/ramp-20261122-150000-1a2b (or /zkload for every run).")
    String root;

    @Option(names = "--dry-run", description = "List what would be removed, counted, and remove nothing.")
    boolean dryRun;

    @Option(
            names = "--force",
            description =
                    "Also remove a root outside /zkload that carries no zkload marker, or one" + " a live run holds.")
    boolean force;

    @Option(
            names = "--connect-timeout",
            paramLabel = "DURATION",
            defaultValue = "15s",
            converter = DurationConverter.class,
            description = "How long to wait for the ensemble (default: ${DEFAULT-VALUE}).")
    Duration connectTimeout;

    @Mixin
    SecurityOptions security = new SecurityOptions();

    @Override
    public Integer call() throws InterruptedException {
        ConnectString cs;
        try {
            cs = ConnectString.parse(connect);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--connect: " + e.getMessage());
        }
        try {
            ZkTrees.checkRoot(root);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--" + e.getMessage());
        }
        ClientSecuritySpec credentials = security.spec(spec);
        PrintWriter out = spec.commandLine().getOut();
        try (TreeRemover remover = TreeRemover.connect(cs, credentials, connectTimeout)) {
            if (!remover.exists(root)) {
                out.println("Nothing to clean: " + root + " does not exist on " + cs + ".");
                return ExitCodes.OK;
            }
            if (!force && !remover.isZkloadRoot(root)) {
                throw new RunFailure(root + " is outside /zkload and carries no zkload marker, so zkload did not create"
                        + " it; nothing was removed (add --force if you are sure)");
            }
            List<String> tree = remover.list(root);
            List<RunLock.Holder> live = outermost(remover.liveLocks(tree));
            if (dryRun) {
                DryRun.print(
                        out,
                        root,
                        tree,
                        live,
                        remover.emptyParentsAfter(root),
                        live.isEmpty() || force ? java.util.Optional.empty() : java.util.Optional.of(refusal(live)));
                return ExitCodes.OK;
            }
            if (!live.isEmpty() && !force) {
                throw new RunFailure(refusal(live));
            }
            long removed = remover.removeTree(root);
            List<String> parents = remover.removeEmptyParents(root);
            out.println("Removed " + Plural.of(removed, "znode") + " under " + root
                    + (parents.isEmpty() ? "" : ", and the empty " + String.join(", ", parents) + " it left") + ".");
            return ExitCodes.OK;
        } catch (IOException e) {
            if (e.getCause() instanceof KeeperException.NoAuthException denied) {
                throw new RunFailure(
                        "cannot clean " + root + " on " + cs + ": its ACL on " + denied.getPath() + " does not let this"
                                + " client in (NoAuth); give the credentials of the run that created it (--auth, --jaas,"
                                + " --tls-keystore); nothing was removed",
                        e);
            }
            throw new RunFailure("cannot clean " + root + " on " + cs + ": " + e.getMessage(), e);
        }
    }

    /**
     * The live locks that are not inside another live lock's root: a run's fleet claims a root of its
     * own inside the run's ({@code <run root>/sim}), and is part of that run, not a second one.
     */
    static List<RunLock.Holder> outermost(List<RunLock.Holder> live) {
        return live.stream()
                .filter(h -> live.stream()
                        .noneMatch(o -> !o.path().equals(h.path()) && h.path().startsWith(lockedRoot(o) + "/")))
                .toList();
    }

    private static String lockedRoot(RunLock.Holder h) {
        return h.path().substring(0, h.path().length() - RunLock.NAME.length() - 1);
    }

    /** Names the live run; when its process is gone (killed here), says the lock goes with its session. */
    private String refusal(List<RunLock.Holder> live) {
        RunLock.Holder first = live.get(0);
        String which = live.size() == 1 ? "a live run" : live.size() + " live runs";
        String more = live.size() > 1 ? ", …" : "";
        if (live.size() == 1 && first.owner() != null && first.owner().goneFromThisHost()) {
            return root + " is still locked by " + first + ", whose process is gone: the servers end its session within"
                    + " its timeout, after which clean removes it; nothing was removed (or add --force now)";
        }
        return root + " is in use by " + which + " (" + first + more + "); nothing was removed: stop "
                + (live.size() == 1 ? "that run" : "them") + " first, or add --force";
    }
}
