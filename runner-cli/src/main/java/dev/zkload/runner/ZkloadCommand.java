package dev.zkload.runner;

import dev.zkload.runner.clean.CleanCommand;
import dev.zkload.runner.ensemble.EnsembleCommand;
import dev.zkload.runner.latency.LatencyCommand;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * {@code zkload}: with no command, the ramp — domains added step by step until the ensemble
 * saturates; the other commands are subcommands.
 */
@Command(name = "zkload", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = "How many Saturn-style scheduler domains can a ZooKeeper ensemble carry?",
        subcommands = {LatencyCommand.class, EnsembleCommand.class, CleanCommand.class})
public final class ZkloadCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--verbose", scope = ScopeType.INHERIT, description = "Print stack traces of failures.")
    boolean verbose;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return ExitCodes.OK;
    }

    /** True when {@code --verbose} was given anywhere on the command line. */
    static boolean verbose(ParseResult parsed) {
        for (ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--verbose")) {
                return true;
            }
        }
        return false;
    }
}
