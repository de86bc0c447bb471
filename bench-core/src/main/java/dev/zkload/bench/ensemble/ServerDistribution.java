package dev.zkload.bench.ensemble;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.zookeeper.Version;

/**
 * Which ZooKeeper a {@link LocalEnsemble} forks: the one zkload is built with (its own classpath), a
 * release resolved from Maven Central into the local Maven repository, or an installed distribution.
 *
 * <pre>{@code
 * ServerDistribution zk34 = ServerDistribution.resolve("3.4.14", System.out::println);
 * LocalEnsemble.builder().distribution(zk34).servers(3).build();
 * }</pre>
 *
 * @param version   the release
 * @param classpath the server's jars and their runtime dependencies; empty for the bundled server,
 *                  which runs from the forking JVM's own classpath
 * @param source    where it came from, in words ({@code bundled}, {@code Maven Central}, a directory)
 */
public record ServerDistribution(ServerVersion version, List<Path> classpath, String source) {
    private static final Pattern SERVER_JAR = Pattern.compile("zookeeper-(\\d+\\.\\d+\\.\\d+)\\.jar");

    public ServerDistribution {
        classpath = List.copyOf(classpath);
    }

    /** The server zkload is built with. */
    public static ServerDistribution bundled() {
        return new ServerDistribution(bundledVersion(), List.of(), "bundled");
    }

    /** The release of the server zkload is built with, e.g. 3.9.5. */
    public static ServerVersion bundledVersion() {
        String full = Version.getFullVersion(); // "3.9.5-<commit>, built on ..."
        Matcher m = Pattern.compile("^(\\d+\\.\\d+\\.\\d+)").matcher(full);
        return ServerVersion.parse(m.find() ? m.group(1) : full);
    }

    /** True for the server zkload is built with (forked from its own classpath). */
    public boolean isBundled() {
        return classpath.isEmpty();
    }

    /**
     * {@code version}: the bundled server when it is that release, otherwise its jars and runtime
     * dependencies from the local Maven repository, fetched from Maven Central first if missing there.
     *
     * @param progress told what is being fetched (one line per download); never called when all is cached
     * @throws IOException naming the version when it cannot be resolved (no such release, no network)
     */
    public static ServerDistribution resolve(String version, Consumer<String> progress) throws IOException {
        ServerVersion v = ServerVersion.parse(version);
        if (v.equals(bundledVersion())) {
            return bundled();
        }
        return new ServerDistribution(v, MavenCentral.resolve(v, progress), "Maven Central");
    }

    /**
     * An installed distribution: the {@code zookeeper-<version>.jar} and the jars beside it and in its
     * {@code lib/} (3.4's layout and 3.5's alike).
     *
     * @throws IOException when {@code home} holds no ZooKeeper server jar
     */
    public static ServerDistribution home(Path home) throws IOException {
        List<Path> jars = new ArrayList<>();
        for (Path dir : List.of(home, home.resolve("lib"))) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> files = Files.list(dir)) {
                    files.filter(f -> f.getFileName().toString().endsWith(".jar"))
                            .sorted()
                            .forEach(f -> jars.add(f.toAbsolutePath()));
                }
            }
        }
        ServerVersion version = jars.stream()
                .map(j -> SERVER_JAR.matcher(j.getFileName().toString()))
                .filter(Matcher::matches)
                .map(m -> ServerVersion.parse(m.group(1)))
                .findFirst()
                .orElseThrow(() -> new IOException(home + " is not a ZooKeeper distribution: there is no"
                        + " zookeeper-<version>.jar in it or in its lib/"));
        return new ServerDistribution(version, jars, home.toString());
    }

    /** The classpath as a JVM takes it, or null for the bundled server. */
    String classpathString() {
        return isBundled()
                ? null
                : String.join(
                        File.pathSeparator,
                        classpath.stream().map(Path::toString).toList());
    }

    @Override
    public String toString() {
        return "ZooKeeper " + version + " (" + source + ")";
    }
}
