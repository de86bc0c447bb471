package dev.zkload.sim.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.testing.Timeouts;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** A JVM of its own on a class path (and module path) the test chooses, run to its end. */
public final class ChildJvm {
    private ChildJvm() {}

    /** Where the class came from: a jar, or a classes folder. */
    public static String locationOf(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** This JVM's class path, without the entries {@code dropped} matches. */
    public static String classPathWithout(Predicate<String> dropped) {
        return String.join(
                File.pathSeparator,
                Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                        .filter(dropped.negate())
                        .toList());
    }

    /**
     * Runs {@code java <options> main args} and returns its output once it exited 0.
     *
     * @param log where the output goes, kept for a look when the test fails
     */
    public static String run(Path log, List<String> options, Class<?> main, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(options);
        command.add(main.getName());
        command.addAll(List.of(args));
        Process child = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            assertThat(child.waitFor(Timeouts.seconds(120).toSeconds(), TimeUnit.SECONDS))
                    .as("the child JVM ended (%s)", log)
                    .isTrue();
        } finally {
            child.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(child.exitValue())
                .as("the child's exit code; its output:%n%s", output)
                .isZero();
        return output;
    }
}
