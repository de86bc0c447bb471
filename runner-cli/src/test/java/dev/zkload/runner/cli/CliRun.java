package dev.zkload.runner.cli;

import dev.zkload.runner.Main;
import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs a command line in this JVM and captures its exit code and output. */
public record CliRun(int exitCode, String out, String err) {

    public static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new CliRun(code, out.toString(), err.toString());
    }
}
