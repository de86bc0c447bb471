package dev.zkload.bench.ensemble;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A JDK's Java version from its {@code release} file ({@code JAVA_VERSION="17.0.15"}, or {@code "1.8.0_392"}). */
final class JavaRelease {
    private static final Pattern VERSION = Pattern.compile("^JAVA_VERSION=\"(\\d+)(?:\\.(\\d+))?.*\"\\s*$");

    private JavaRelease() {}

    /** The feature release (8, 11, 17, …) of the JDK at {@code javaHome}; empty when it does not say. */
    static OptionalInt major(Path javaHome) {
        try {
            for (String line : Files.readAllLines(javaHome.resolve("release"))) {
                Matcher m = VERSION.matcher(line.trim());
                if (m.matches()) {
                    int first = Integer.parseInt(m.group(1));
                    return OptionalInt.of(first == 1 && m.group(2) != null ? Integer.parseInt(m.group(2)) : first);
                }
            }
        } catch (IOException | RuntimeException e) {
            // no release file: an unusual layout, whose version is not guessed
        }
        return OptionalInt.empty();
    }
}
