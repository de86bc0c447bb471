package dev.zkload.runner.cli.options;

import dev.zkload.runner.engine.run.EmbeddedServers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * Settings of an embedded ensemble: its size, ZooKeeper release, JDK, JVM flags, heap, snapCount,
 * and whether clients must use TLS or SASL.
 */
public final class ServerOptions {
    static final String DEFAULT_HEAP = "1g";
    /** Below this a JVM does not start at all (Java 17: "Too small initial heap"). */
    private static final long MIN_HEAP_BYTES = 4L << 20;

    @Option(names = "--servers", paramLabel = "N", description = "Size of the embedded ensemble: 1, 3 or 5.")
    public Integer servers;

    @Option(
            names = "--server-version",
            paramLabel = "X.Y.Z",
            description = "ZooKeeper release of the embedded servers, 3.4.0 or later, resolved from Maven Central into"
                    + " the local Maven repository (offline when it is there already); default: the bundled one.")
    public String serverVersion;

    @Option(
            names = "--server-home",
            paramLabel = "DIR",
            description = "An installed ZooKeeper distribution to run as the embedded servers.")
    public Path serverHome;

    @Option(
            names = "--server-preset",
            paramLabel = "NAME",
            description = "A documented server setup: report-2017 (ZooKeeper 3.4.14, five servers, the 2017 capacity"
                    + " report's zoo.cfg and JVM flags); options given beside it win.")
    public String preset;

    @Option(
            names = "--snap-count",
            paramLabel = "N",
            description = "snapCount of the embedded servers (ZooKeeper's default: 100000).")
    public Long snapCount;

    @Option(
            names = "--server-jvm-opts",
            paramLabel = "FLAGS",
            description = "JVM flags of the embedded servers, space-separated, e.g. \"-XX:+UseG1GC\".")
    public String serverJvmOpts;

    @Option(
            names = "--server-java-home",
            paramLabel = "DIR",
            description = "JDK that runs the embedded servers (default: the runner's own).")
    public Path serverJavaHome;

    @Option(
            names = "--server-heap",
            paramLabel = "SIZE",
            description = "Heap of each embedded server, e.g. 512m or 4g (default: " + DEFAULT_HEAP + ").")
    public String serverHeap;

    @Option(
            names = "--embedded-tls",
            description = "Embedded servers take clients over TLS only, with a CA and certificates made for the run"
                    + " (ZooKeeper 3.5 or later).")
    public boolean embeddedTls;

    @Option(
            names = "--embedded-sasl",
            paramLabel = "MECHANISM",
            description = "Embedded servers require SASL: 'digest' (DIGEST-MD5, a user and password made for the run).")
    public String embeddedSasl;

    @Option(
            names = "--placement",
            paramLabel = "auto|shared",
            description = "Where the embedded servers run: auto (default) puts each on cores of its own and the runner"
                    + " on the rest when the machine has cores to spare (at least 4, and more than the servers), and says how"
                    + " in run.json; shared lets the runner and the servers share every core.")
    public String placement;

    /** The embedded ensemble these options describe, of {@code defaultServers} unless {@code --servers} says otherwise. */
    public EmbeddedServers embedded(int defaultServers) {
        ServerPreset p = preset == null ? null : ServerPreset.named(preset);
        int size = servers != null ? servers : p != null ? p.servers() : defaultServers;
        String version = serverVersion != null || serverHome != null || p == null ? serverVersion : p.version();
        String jvm = serverJvmOpts != null ? serverJvmOpts : p != null ? p.jvmOpts() : null;
        String heap = serverHeap != null ? serverHeap : p != null ? p.heap() : DEFAULT_HEAP;
        Long snap = snapCount != null ? snapCount : p != null ? p.snapCount() : null;
        return new EmbeddedServers(
                size,
                heap,
                jvm,
                serverJavaHome,
                snap,
                version,
                serverHome,
                embeddedTls,
                embeddedSasl != null,
                p != null ? p.zooCfg() : Map.of(),
                preset,
                !"shared".equals(placement));
    }

    /** True when any option that only makes sense for an embedded ensemble was given. */
    public boolean anyGiven() {
        return servers != null
                || snapCount != null
                || serverJvmOpts != null
                || serverJavaHome != null
                || serverVersion != null
                || serverHome != null
                || preset != null
                || serverHeap != null
                || embeddedTls
                || embeddedSasl != null
                || placement != null;
    }

    /**
     * Checks the embedded ensemble's options.
     *
     * @throws ParameterException naming the option that is wrong
     */
    public void validate(CommandSpec spec) {
        if (servers != null && servers != 1 && servers != 3 && servers != 5) {
            throw new ParameterException(spec.commandLine(), "--servers must be 1, 3 or 5, got " + servers);
        }
        if (placement != null && !placement.equals("auto") && !placement.equals("shared")) {
            throw new ParameterException(
                    spec.commandLine(), "--placement must be auto or shared, got '" + placement + "'");
        }
        if (snapCount != null && snapCount < 2) {
            throw new ParameterException(spec.commandLine(), "--snap-count must be at least 2, got " + snapCount);
        }
        if (serverJavaHome != null && !Files.isExecutable(serverJavaHome.resolve("bin/java"))) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--server-java-home: " + serverJavaHome + " is not a JDK (there is no bin/java in it)");
        }
        if (serverHeap != null && !serverHeap.matches("\\d+[kKmMgG]?")) {
            throw new ParameterException(
                    spec.commandLine(), "--server-heap must be a size like 512m or 4g, got '" + serverHeap + "'");
        }
        if (serverHeap != null && heapBytes(serverHeap) < MIN_HEAP_BYTES) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--server-heap " + serverHeap + " is below 4m, the smallest heap a JVM starts with");
        }
        validateRelease(spec);
    }

    /** The heap the JVM takes for {@code -Xmx}: a number of bytes, or of k, m or g. */
    private static long heapBytes(String size) {
        char unit = Character.toLowerCase(size.charAt(size.length() - 1));
        int shift = unit == 'k' ? 10 : unit == 'm' ? 20 : unit == 'g' ? 30 : 0;
        String digits = shift == 0 ? size : size.substring(0, size.length() - 1);
        // 19 digits or more: past any heap, and past a long
        return digits.length() > 18 ? Long.MAX_VALUE : Long.parseLong(digits) << shift;
    }

    private void validateRelease(CommandSpec spec) {
        if (serverVersion != null && serverHome != null) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--server-version and --server-home both name the servers' ZooKeeper: give one");
        }
        if (serverVersion != null) {
            try {
                dev.zkload.bench.ensemble.ServerVersion.parse(serverVersion);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--server-version: " + e.getMessage());
            }
        }
        if (serverHome != null && !Files.isDirectory(serverHome)) {
            throw new ParameterException(spec.commandLine(), "--server-home: " + serverHome + " is not a directory");
        }
        if (preset != null) {
            try {
                ServerPreset.named(preset);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--server-preset: " + e.getMessage());
            }
        }
        if (embeddedSasl != null && !embeddedSasl.equals("digest")) {
            throw new ParameterException(
                    spec.commandLine(), "--embedded-sasl supports 'digest' (DIGEST-MD5), got '" + embeddedSasl + "'");
        }
        String version = embedded(1).serverVersion();
        if (embeddedTls && version != null && version.startsWith("3.4.")) {
            throw new ParameterException(
                    spec.commandLine(), "--embedded-tls needs ZooKeeper 3.5 or later; 3.4 has no TLS for clients");
        }
    }
}
