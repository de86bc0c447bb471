package dev.zkload.runner.cli.options;

import dev.zkload.runner.engine.run.EmbeddedServers;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** Settings of an embedded ensemble: its size, JDK, JVM flags, heap and snapCount. */
public final class ServerOptions {
    @Option(names = "--servers", paramLabel = "N", description = "Size of the embedded ensemble: 1, 3 or 5.")
    public Integer servers;

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
            defaultValue = "1g",
            description = "Heap of each embedded server, e.g. 512m or 4g (default: ${DEFAULT-VALUE}).")
    public String serverHeap;

    /** The embedded ensemble these options describe, of {@code defaultServers} unless {@code --servers} says otherwise. */
    public EmbeddedServers embedded(int defaultServers) {
        return new EmbeddedServers(
                servers == null ? defaultServers : servers, serverHeap, serverJvmOpts, serverJavaHome, snapCount);
    }

    /** True when any option that only makes sense for an embedded ensemble was given. */
    public boolean anyGiven() {
        return servers != null || snapCount != null || serverJvmOpts != null || serverJavaHome != null;
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
    }
}
