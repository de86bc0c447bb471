package dev.zkload.bench.ensemble;

import dev.zkload.bench.stats.ClientTls;
import dev.zkload.zk.ZkClientSecurity;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files one ensemble's servers share in its base directory, written once at start: the TLS
 * stores, the JAAS files, and for a release other than the bundled one the launcher class and the
 * logging configuration its jars need; and what follows from them for the servers (classpath, JVM
 * flags, zoo.cfg keys) and for a client (its {@link ZkClientSecurity} and JAAS file).
 */
final class ServerFiles {
    private static final String LAUNCHER = "dev/zkload/bench/ensemble/launcher/ServerLauncher.class";

    private final ServerRuntime runtime;
    private final Map<String, String> zooCfgSecurity;
    private final Map<String, String> clientProperties;
    private final Path clientJaas;

    private ServerFiles(
            ServerRuntime runtime,
            Map<String, String> zooCfgSecurity,
            Map<String, String> clientProperties,
            Path clientJaas) {
        this.runtime = runtime;
        this.zooCfgSecurity = zooCfgSecurity;
        this.clientProperties = Map.copyOf(clientProperties);
        this.clientJaas = clientJaas;
    }

    static ServerFiles write(Path baseDir, ServerSettings settings) throws IOException {
        List<String> flags = new ArrayList<>();
        Map<String, String> zooCfg = new LinkedHashMap<>();
        Map<String, String> client = Map.of();
        if (settings.tls()) {
            TlsMaterial tls = TlsMaterial.generate(baseDir.resolve("tls"));
            zooCfg.putAll(ZooCfg.tls(tls));
            client = tls.clientProperties();
        }
        Path clientJaas = null;
        if (settings.sasl() != null) {
            Path dir = baseDir.resolve("sasl");
            flags.add("-Djava.security.auth.login.config=" + settings.sasl().writeServerJaas(dir));
            // DIGEST-MD5 is no FIPS mechanism: from 3.9 both sides refuse it in their default FIPS mode
            flags.add("-D" + SaslDigest.FIPS_MODE + "=false");
            clientJaas = settings.sasl().writeClientJaas(dir);
            Map<String, String> withSasl = new LinkedHashMap<>(client);
            withSasl.put(SaslDigest.FIPS_MODE, "false");
            client = withSasl;
            zooCfg.putAll(ZooCfg.sasl(settings.distribution().version()));
        }
        String classpath = settings.classpath();
        if (!settings.distribution().isBundled()) {
            classpath = launcher(baseDir.resolve("launcher"))
                    + File.pathSeparator
                    + settings.distribution().classpathString();
            flags.addAll(logging(baseDir));
        }
        return new ServerFiles(
                new ServerRuntime(classpath, List.copyOf(flags), ClientTls.socketFactory(ZkClientSecurity.of(client))),
                zooCfg,
                client,
                clientJaas);
    }

    /**
     * The Java 8 launcher class alone, copied out of zkload's own jar: a resolved release's jars must
     * not share a classpath with the bundled server's.
     */
    private static Path launcher(Path dir) throws IOException {
        Path target = dir.resolve(LAUNCHER);
        Files.createDirectories(target.getParent());
        try (InputStream in = ServerFiles.class.getClassLoader().getResourceAsStream(LAUNCHER)) {
            if (in == null) {
                throw new IOException("the server launcher " + LAUNCHER + " is missing from zkload's classpath");
            }
            Files.copy(in, target);
        }
        return dir;
    }

    /**
     * A release's own logging backend (log4j 1.2 up to 3.7, Logback from 3.8) would log nothing, or
     * everything at DEBUG, without a configuration: both get one that writes INFO to the server's output.
     */
    private static List<String> logging(Path baseDir) throws IOException {
        Path log4j = Files.writeString(baseDir.resolve("log4j.properties"), """
                log4j.rootLogger=INFO, CONSOLE
                log4j.appender.CONSOLE=org.apache.log4j.ConsoleAppender
                log4j.appender.CONSOLE.layout=org.apache.log4j.PatternLayout
                log4j.appender.CONSOLE.layout.ConversionPattern=%d{ISO8601} %-5p [%t] %c{1} - %m%n
                """);
        Path logback = Files.writeString(baseDir.resolve("logback.xml"), """
                <configuration>
                  <appender name="CONSOLE" class="ch.qos.logback.core.ConsoleAppender">
                    <encoder><pattern>%d{ISO8601} %-5level [%thread] %logger{0} - %msg%n</pattern></encoder>
                  </appender>
                  <root level="INFO"><appender-ref ref="CONSOLE"/></root>
                </configuration>
                """);
        return List.of("-Dlog4j.configuration=" + log4j.toUri(), "-Dlogback.configurationFile=" + logback);
    }

    ServerRuntime runtime() {
        return runtime;
    }

    Map<String, String> zooCfgSecurity() {
        return zooCfgSecurity;
    }

    /** A client's {@code ZKClientConfig} properties: a TLS ensemble's stores; empty for a plain one. */
    Map<String, String> clientProperties() {
        return clientProperties;
    }

    /** The client JAAS file of a SASL ensemble, or null. */
    Path clientJaas() {
        return clientJaas;
    }
}
