package dev.zkload.runner;

import dev.zkload.runner.cli.Cli;

import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * Entry point of {@code runner.jar}; the only place that calls {@link System#exit}.
 *
 * <p>Ctrl-C and SIGTERM do not kill the JVM outright: {@link Interrupts} turns them into an
 * interrupt of the main thread, so the running command stops adding load, writes what it has,
 * removes its znodes, stops embedded servers and returns {@link ExitCodes#INTERRUPTED}.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        Interrupts.install(Thread.currentThread());
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int code = run(args, out, err);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs one command line in this JVM and returns its exit code; tests call this directly. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = Cli.commandLine(out, err);
        return cli.execute(args);
    }
}
