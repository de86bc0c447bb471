package dev.zkload.runner.engine.run;

import java.nio.file.Path;
import javax.security.auth.login.Configuration;

/**
 * Points the JVM's JAAS login at a file. ZooKeeper's SASL client reads its login from the JVM-wide
 * JAAS configuration (the system property {@code java.security.auth.login.config}); a command runs
 * against one ensemble, so one login for the whole process is what it needs.
 */
final class Jaas {
    static final String PROPERTY = "java.security.auth.login.config";

    private Jaas() {}

    static void use(Path file) {
        System.setProperty(PROPERTY, file.toAbsolutePath().toString());
        Configuration.setConfiguration(null); // read again on next use
    }
}
