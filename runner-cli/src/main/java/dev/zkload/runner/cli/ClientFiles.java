package dev.zkload.runner.cli;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.runner.RunFailure;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The client settings of a secured local ensemble, written for other processes: {@code client.properties}
 * ({@code ZKClientConfig} keys: the TLS stores and their password) and, for SASL, the JAAS file's path.
 * The folder is the user's alone and goes with the ensemble; its passwords are never printed.
 */
final class ClientFiles implements AutoCloseable {
    static final String PROPERTIES = "client.properties";

    private final Path dir;

    private ClientFiles(Path dir) {
        this.dir = dir;
    }

    /** A new, owner-only folder for an ensemble's client settings. */
    static ClientFiles create() throws IOException {
        return new ClientFiles(Files.createTempDirectory(
                "zkload-client-", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))));
    }

    /**
     * Writes the started ensemble's client settings; the options that use them, or empty for a plain
     * ensemble (nothing is written then).
     */
    Optional<String> write(LocalEnsemble ensemble) {
        if (ensemble.clientProperties().isEmpty() && ensemble.clientJaas().isEmpty()) {
            return Optional.empty();
        }
        Path file = dir.resolve(PROPERTIES);
        Properties properties = new Properties();
        properties.putAll(new TreeMap<>(ensemble.clientProperties()));
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            properties.store(w, "zkload ensemble " + ensemble.connectString() + ": valid while it runs");
        } catch (IOException e) {
            throw new RunFailure("cannot write the client settings to " + file + ": " + e.getMessage(), e);
        }
        String how = "--zk-client-config " + file;
        return Optional.of(
                ensemble.clientJaas().map(jaas -> how + " --jaas " + jaas).orElse(how));
    }

    @Override
    public void close() {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + dir, e);
        }
    }
}
