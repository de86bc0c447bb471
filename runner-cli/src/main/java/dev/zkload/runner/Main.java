package dev.zkload.runner;

import dev.zkload.runner.cli.Cli;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import picocli.CommandLine;

/**
 * Entry point of {@code runner.jar}; the only place that calls {@link System#exit}.
 *
 * <p>Ctrl-C and SIGTERM do not kill the JVM outright: {@link Interrupts} turns them into an
 * interrupt of the main thread, so the running command stops adding load, writes what it has,
 * removes its znodes, stops embedded servers and returns {@link ExitCodes#INTERRUPTED}.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        Interrupts.install(Thread.currentThread());
        // the console's own encoding, said out loud
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, Charset.defaultCharset()), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, Charset.defaultCharset()), true);
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
