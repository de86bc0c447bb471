package dev.zkload.runner.cli.options;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * Reads a secret from where the user keeps it: {@code file:PATH} (its first line) or {@code env:NAME}.
 * Error messages name the file or the variable, never what is in it.
 */
final class Secrets {
    private Secrets() {}

    /**
     * @param literalAllowed whether text that is neither {@code file:} nor {@code env:} is the secret itself
     * @throws ParameterException naming {@code option} when the source cannot be read or is empty
     */
    static String read(CommandSpec spec, String option, String source, boolean literalAllowed) {
        String value;
        if (source.startsWith("file:")) {
            Path file = Path.of(source.substring(5));
            try {
                value = Files.readString(file, StandardCharsets.UTF_8)
                        .lines()
                        .findFirst()
                        .orElse("")
                        .strip();
            } catch (IOException | RuntimeException e) {
                throw new ParameterException(spec.commandLine(), option + ": cannot read " + file);
            }
        } else if (source.startsWith("env:")) {
            String name = source.substring(4);
            value = System.getenv(name);
            if (value == null) {
                throw new ParameterException(
                        spec.commandLine(), option + ": the environment variable " + name + " is not set");
            }
            value = value.strip();
        } else if (literalAllowed) {
            value = source;
        } else {
            throw new ParameterException(
                    spec.commandLine(),
                    option + " takes file:PATH or env:NAME, so that the password stays off the command line");
        }
        if (value.isEmpty()) {
            throw new ParameterException(spec.commandLine(), option + ": " + where(source) + " is empty");
        }
        return value;
    }

    private static String where(String source) {
        return source.startsWith("file:") ? source.substring(5) : source.substring(4);
    }
}
