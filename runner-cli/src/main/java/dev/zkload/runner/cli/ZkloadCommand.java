package dev.zkload.runner.cli;

import dev.zkload.runner.Version;
import dev.zkload.runner.cli.options.RampOptions;
import dev.zkload.runner.cli.options.SecretArguments;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * {@code zkload}: with no command, the ramp — domains added step by step until the ensemble
 * saturates (also by its name, {@code ramp}); the other commands are subcommands. Its usage help
 * leads with what to run and the commands ({@link TopHelp}); the ramp's options are in
 * {@code ramp --help}.
 */
@Command(
        name = "zkload",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        sortOptions = false,
        description = "How many Saturn-style scheduler domains can a ZooKeeper ensemble carry?",
        subcommands = {
            RampSubcommand.class,
            LatencyCommand.class,
            SimulateCommand.class,
            ModelCommand.class,
            ZnodesCommand.class,
            DataSizeCommand.class,
            WatchesCommand.class,
            ConnectionsCommand.class,
            MaxRateCommand.class,
            DisruptCommand.class,
            EnsembleCommand.class,
            ReportCommand.class,
            CompareCommand.class,
            CleanCommand.class
        })
public final class ZkloadCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--verbose", scope = ScopeType.INHERIT, description = "Print stack traces of failures.")
    boolean verbose;

    @Mixin
    RampOptions ramp = new RampOptions();

    /** The ramp, the default command. */
    @Override
    public Integer call() throws InterruptedException {
        return RampCommand.run(spec, ramp, SecretArguments.typed(spec));
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
