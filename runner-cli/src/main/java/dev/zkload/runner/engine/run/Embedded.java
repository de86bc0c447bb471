package dev.zkload.runner.engine.run;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.runner.cli.options.ServerOptions;

/** Turns the embedded-server options into a {@link LocalEnsemble} builder. */
public final class Embedded {
    private Embedded() {
    }

    public static LocalEnsemble.Builder builder(ServerOptions options, int defaultServers) {
        LocalEnsemble.Builder builder = LocalEnsemble.builder()
                .servers(options.servers == null ? defaultServers : options.servers)
                .jvmFlags(options.serverJvmFlags())
                .heap(options.serverHeap);
        if (options.serverJavaHome != null) {
            builder.javaHome(options.serverJavaHome);
        }
        if (options.snapCount != null) {
            builder.zooCfg("snapCount", Long.toString(options.snapCount));
        }
        return builder;
    }
}
