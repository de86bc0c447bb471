package dev.zkload.runner.cli;

import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.RunFailure;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/** Builds the picocli command line with zkload's exit codes and one-sentence error reporting. */
public final class Cli {
    private Cli() {}

    public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new ZkloadCommand());
        TopHelp.install(cli);
        cli.setOut(out);
        cli.setErr(err);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        // "--bench-target ensemble": an option's value may be spelled like a subcommand
        cli.setAllowSubcommandsAsOptionParameters(true);
        cli.setExitCodeExceptionMapper(Cli::exitCodeOf);
        cli.setExecutionExceptionHandler(new FailureReporter());
        cli.setParameterExceptionHandler((ex, args) -> {
            CommandLine c = ex.getCommandLine();
            c.getErr().println("zkload: " + ex.getMessage());
            c.getErr().println("Try '" + c.getCommandSpec().qualifiedName() + " --help' for more information.");
            c.getErr().flush();
            return ExitCodes.USAGE;
        });
        return cli;
    }

    private static int exitCodeOf(Throwable t) {
        if (t instanceof CommandLine.ParameterException) {
            return ExitCodes.USAGE;
        }
        return isInterruption(t) ? ExitCodes.INTERRUPTED : ExitCodes.RUNTIME_FAILURE;
    }

    static boolean isInterruption(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof InterruptedException) {
                return true;
            }
        }
        return false;
    }

    /** Prints one sentence for a failure; the stack trace only with {@code --verbose}. */
    private static final class FailureReporter implements IExecutionExceptionHandler {
        @Override
        public int handleExecutionException(Exception ex, CommandLine cli, ParseResult parsed) {
            PrintWriter err = cli.getErr();
            if (ex instanceof CommandLine.ParameterException pe) {
                err.println("zkload: " + pe.getMessage());
                err.flush();
                return ExitCodes.USAGE;
            }
            if (isInterruption(ex)) {
                err.println("zkload: interrupted");
                err.flush();
                return ExitCodes.INTERRUPTED;
            }
            String sentence = ex instanceof RunFailure ? ex.getMessage() : describe(ex);
            err.println("zkload: " + sentence);
            if (ZkloadCommand.verbose(parsed)) {
                ex.printStackTrace(err);
            } else if (!(ex instanceof RunFailure)) {
                err.println("(run with --verbose for the stack trace)");
            }
            err.flush();
            return ExitCodes.RUNTIME_FAILURE;
        }

        private static String describe(Throwable t) {
            String message = t.getMessage();
            return message == null || message.isBlank() ? t.getClass().getSimpleName() : message;
        }
    }
}
