package dev.zkload.bench.ensemble;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * SASL DIGEST-MD5 for an embedded ensemble: the servers' JAAS file, which knows one user and its
 * password ({@code DigestLoginModule}), and a client JAAS file that logs in as that user. Both are
 * written into the ensemble's own directory and go with it.
 *
 * @param user     the one user the servers know
 * @param password its password
 */
record SaslDigest(String user, String password) {
    static final String MODULE = "org.apache.zookeeper.server.auth.DigestLoginModule";
    /** ZooKeeper's FIPS switch (3.9 on), which must be off for DIGEST-MD5 on the client and the server. */
    static final String FIPS_MODE = "zookeeper.fips-mode";

    SaslDigest {
        if (user == null || !user.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("a SASL user is letters, digits, '.', '_' or '-', got '" + user + "'");
        }
        if (password == null || password.isEmpty() || password.contains("\"") || password.contains("\\")) {
            throw new IllegalArgumentException("a SASL password must not be empty nor contain '\"' or '\\'");
        }
    }

    /** Writes {@code server.jaas}; returns its path. */
    Path writeServerJaas(Path dir) throws IOException {
        Files.createDirectories(dir);
        return Files.writeString(
                dir.resolve("server.jaas"),
                "Server {\n  " + MODULE + " required\n  user_" + user + "=\"" + password + "\";\n};\n");
    }

    /** Writes {@code client.jaas}, logging in as the user; returns its path. */
    Path writeClientJaas(Path dir) throws IOException {
        Files.createDirectories(dir);
        return Files.writeString(
                dir.resolve("client.jaas"),
                "Client {\n  " + MODULE + " required\n  username=\"" + user + "\"\n  password=\"" + password
                        + "\";\n};\n");
    }

    /** Never the password. */
    @Override
    public String toString() {
        return "SaslDigest[user=" + user + "]";
    }
}
