package dev.zkload.runner.cli;

import dev.zkload.runner.cli.options.RampOptions;
import dev.zkload.runner.cli.options.SecretArguments;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code ramp}: the ramp by its name, the same as no command at all. Reports and hints write the run's
 * command as {@code ramp --domains ...}, so that line must run when pasted.
 */
@Command(
        name = "ramp",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "How many domains does the ensemble carry? Adds simulated Saturn domains --step at a time, lets"
                    + " each step settle, measures the seven operations and the servers' statistics, and stops"
                    + " when the leader's outstanding requests stay at or above --outstanding-threshold (then"
                    + " narrows the answer by bisection). The default command: without one, the options are"
                    + " these.",
            "Results in results/<timestamp>: run.json, steps.jsonl, summary.json, report.md/.html."
        })
public final class RampSubcommand implements Callable<Integer> {
    static final String NAME = "ramp";

    @Spec
    CommandSpec spec;

    @Mixin
    RampOptions ramp = new RampOptions();

    @Override
    public Integer call() throws InterruptedException {
        List<String> original = spec.commandLine().getParseResult().originalArgs();
        return RampCommand.run(spec, ramp, SecretArguments.redact(withoutCommandName(original)));
    }

    /**
     * The arguments after the command's name, as the run records them: its command is {@code ramp}
     * already, and only {@code --verbose} may come before the name.
     */
    static List<String> withoutCommandName(List<String> original) {
        List<String> args = new ArrayList<>(original);
        int name = args.indexOf(NAME);
        if (name >= 0 && args.subList(0, name).stream().allMatch("--verbose"::equals)) {
            args.remove(name);
        }
        return args;
    }
}
