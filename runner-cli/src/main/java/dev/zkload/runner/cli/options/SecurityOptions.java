package dev.zkload.runner.cli.options;

import dev.zkload.runner.engine.run.ClientSecuritySpec;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * How the clients of every command connect to a secured ensemble and who they are: ZooKeeper's own
 * client properties file, digest auth, a JAAS file for SASL, TLS key and trust stores, and a
 * creator-only root. A secret is given literally only to {@code --auth}; everywhere a secret can come
 * from a file ({@code file:PATH}) or an environment variable ({@code env:NAME}), and the command line
 * that run.json records has every secret replaced ({@link SecretArguments}).
 */
public final class SecurityOptions {
    private static final String NETTY = "org.apache.zookeeper.ClientCnxnSocketNetty";

    @Option(
            names = "--zk-client-config",
            paramLabel = "FILE",
            description = "A ZooKeeper client properties file (zookeeper.client.secure, zookeeper.clientCnxnSocket,"
                    + " zookeeper.ssl.*, zookeeper.sasl.*), as your applications use.")
    public Path clientConfig;

    @Option(
            names = "--auth",
            paramLabel = "AUTH",
            description = "Digest auth every session adds: digest:USER:PASSWORD, or file:PATH or env:NAME holding"
                    + " that text. Never written to results or logs.")
    public List<String> auth = new ArrayList<>();

    @Option(
            names = "--jaas",
            paramLabel = "FILE",
            description = "A JAAS file whose Client section logs the sessions in with SASL (DIGEST-MD5 or Kerberos).")
    public Path jaas;

    @Option(
            names = "--tls-keystore",
            paramLabel = "FILE",
            description = "The client's key store (PKCS12 or JKS); turns on TLS through the Netty client socket.")
    public Path keyStore;

    @Option(
            names = "--tls-keystore-password",
            paramLabel = "SOURCE",
            description = "file:PATH or env:NAME holding the key store's password.")
    public String keyStorePassword;

    @Option(
            names = "--tls-truststore",
            paramLabel = "FILE",
            description = "The trust store with the servers' CA; turns on TLS through the Netty client socket.")
    public Path trustStore;

    @Option(
            names = "--tls-truststore-password",
            paramLabel = "SOURCE",
            description = "file:PATH or env:NAME holding the trust store's password.")
    public String trustStorePassword;

    @Option(
            names = "--secure-root",
            description = "Create the run's root and everything under it readable and writable by this client's"
                    + " identity only (CREATOR_ALL_ACL); needs --auth, SASL or a TLS client certificate.")
    public boolean secureRoot;

    /**
     * The security these options describe, files and secrets read.
     *
     * @throws ParameterException naming the option whose file or variable cannot be read
     */
    public ClientSecuritySpec spec(CommandSpec spec) {
        Map<String, String> config = new LinkedHashMap<>();
        if (clientConfig != null) {
            config.putAll(properties(spec));
        }
        if (keyStore != null || trustStore != null) {
            config.put("zookeeper.client.secure", "true");
            config.put("zookeeper.clientCnxnSocket", NETTY);
        }
        store(spec, config, "keyStore", "--tls-keystore", keyStore, keyStorePassword);
        store(spec, config, "trustStore", "--tls-truststore", trustStore, trustStorePassword);
        if (config.containsKey("zookeeper.client.secure") && !config.containsKey("zookeeper.clientCnxnSocket")) {
            // TLS needs the Netty socket; the NIO default would send plain bytes to a TLS port
            config.put("zookeeper.clientCnxnSocket", NETTY);
        }
        List<ClientSecuritySpec.Credential> credentials = new ArrayList<>();
        for (String a : auth) {
            credentials.add(credential(spec, Secrets.read(spec, "--auth", a, true)));
        }
        if (jaas != null) {
            readable(spec, "--jaas", jaas);
        }
        if (secureRoot && credentials.isEmpty() && jaas == null && keyStore == null && clientConfig == null) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--secure-root needs an identity for the creator-only ACL: give --auth, --jaas or a TLS client"
                            + " certificate (--tls-keystore)");
        }
        return new ClientSecuritySpec(
                config,
                clientConfig == null ? null : clientConfig.toAbsolutePath(),
                credentials,
                jaas == null ? null : jaas.toAbsolutePath(),
                secureRoot);
    }

    private Map<String, String> properties(CommandSpec spec) {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(clientConfig, StandardCharsets.UTF_8)) {
            p.load(in);
        } catch (IOException e) {
            throw new ParameterException(
                    spec.commandLine(), "--zk-client-config: cannot read " + clientConfig + " (" + e + ")");
        }
        Map<String, String> map = new LinkedHashMap<>();
        p.stringPropertyNames().stream()
                .sorted()
                .forEach(k -> map.put(k, p.getProperty(k).trim()));
        return map;
    }

    private static ClientSecuritySpec.Credential credential(CommandSpec spec, String text) {
        int colon = text.indexOf(':');
        if (colon <= 0 || !text.substring(0, colon).equals("digest") || text.indexOf(':', colon + 1) <= colon + 1) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--auth must be digest:USER:PASSWORD (or file:PATH or env:NAME holding that), got "
                            + SecretArguments.redactAuth(text));
        }
        return new ClientSecuritySpec.Credential("digest", text.substring(colon + 1));
    }

    /** A TLS store's location and password, as ZooKeeper's {@code zookeeper.ssl.<kind>.*} properties. */
    private static void store(
            CommandSpec spec, Map<String, String> config, String kind, String option, Path file, String password) {
        String secret = password == null ? null : Secrets.read(spec, option + "-password", password, false);
        if (file == null) {
            if (secret != null) {
                throw new ParameterException(spec.commandLine(), option + "-password needs " + option);
            }
            return;
        }
        config.put("zookeeper.ssl." + kind + ".location", readable(spec, option, file));
        if (secret != null) {
            config.put("zookeeper.ssl." + kind + ".password", secret);
        }
    }

    private static String readable(CommandSpec spec, String option, Path file) {
        if (!Files.isReadable(file)) {
            throw new ParameterException(spec.commandLine(), option + ": cannot read " + file);
        }
        return file.toAbsolutePath().toString();
    }
}
