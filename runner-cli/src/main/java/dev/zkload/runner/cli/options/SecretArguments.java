package dev.zkload.runner.cli.options;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The command line with its secrets replaced, as run.json records it: the password of a literal
 * {@code --auth digest:USER:PASSWORD} becomes {@code <redacted>}. Every other secret option takes
 * {@code file:PATH} or {@code env:NAME}, which name where the secret is, not the secret.
 */
public final class SecretArguments {
    static final String REDACTED = "<redacted>";
    private static final String AUTH = "--auth";

    private SecretArguments() {}

    /** The command line as the user typed it, but never a password given on it: what run.json records. */
    public static List<String> typed(CommandSpec spec) {
        return redact(spec.commandLine().getParseResult().originalArgs());
    }

    public static List<String> redact(List<String> arguments) {
        List<String> out = new ArrayList<>(arguments.size());
        boolean next = false;
        for (String a : arguments) {
            if (next) {
                out.add(redactAuth(a));
                next = false;
            } else if (a.equals(AUTH)) {
                out.add(a);
                next = true;
            } else if (a.startsWith(AUTH + "=")) {
                out.add(AUTH + "=" + redactAuth(a.substring(AUTH.length() + 1)));
            } else {
                out.add(a);
            }
        }
        return out;
    }

    /** {@code digest:alice:s3cret} becomes {@code digest:alice:<redacted>}; file: and env: sources stay. */
    static String redactAuth(String value) {
        if (value.startsWith("file:") || value.startsWith("env:")) {
            return value;
        }
        int first = value.indexOf(':');
        int second = first < 0 ? -1 : value.indexOf(':', first + 1);
        return second < 0 ? REDACTED : value.substring(0, second + 1) + REDACTED;
    }
}
