package dev.zkload.runner;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** How to start this runner again, for hints the user pastes: {@code java -jar /path/to/runner.jar}. */
public final class RunnerJar {
    private RunnerJar() {}

    public static String command() {
        try {
            Path location = Path.of(RunnerJar.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            if (location.toString().endsWith(".jar")) {
                Path cwd = Path.of("").toAbsolutePath();
                Path shown = location.startsWith(cwd) ? cwd.relativize(location) : location;
                return "java -jar " + shown;
            }
        } catch (URISyntaxException | RuntimeException e) {
            // run from classes (tests, an IDE): the usual name below
        }
        return "java -jar runner.jar";
    }
}
