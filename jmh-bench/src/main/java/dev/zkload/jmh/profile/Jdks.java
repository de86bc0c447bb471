package dev.zkload.jmh.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The JDKs installed on this machine: {@code JAVA_HOME}, the running JVM, {@code /usr/lib/jvm/*}
 * and SDKMAN's {@code ~/.sdkman/candidates/java/*}, each with its major version read from its
 * {@code release} file ({@code JAVA_VERSION="17.0.15"}, or {@code "1.8.0_402"} for 8).
 */
public final class Jdks {
    private static final Pattern VERSION = Pattern.compile("^JAVA_VERSION=\"(?:1\\.)?(\\d+)", Pattern.MULTILINE);

    private Jdks() {}

    /** Major version → JDK home, the first found for each version. */
    public static Map<Integer, Path> installed() {
        List<Path> candidates = new ArrayList<>();
        String javaHome = System.getenv("JAVA_HOME");
        if (javaHome != null) {
            candidates.add(Path.of(javaHome));
        }
        candidates.add(Path.of(System.getProperty("java.home")));
        candidates.addAll(children(Path.of("/usr/lib/jvm")));
        candidates.addAll(children(Path.of(System.getProperty("user.home"), ".sdkman", "candidates", "java")));
        Map<Integer, Path> found = new TreeMap<>();
        for (Path home : candidates) {
            major(home).ifPresent(v -> found.putIfAbsent(v, home));
        }
        return found;
    }

    /** The major version of the JDK at {@code home}, if it is one (has bin/java and a release file). */
    public static Optional<Integer> major(Path home) {
        try {
            Path real = home.toRealPath();
            if (!Files.isExecutable(real.resolve("bin/java")) || !Files.isRegularFile(real.resolve("release"))) {
                return Optional.empty();
            }
            Matcher m = VERSION.matcher(Files.readString(real.resolve("release")));
            return m.find() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static List<Path> children(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
