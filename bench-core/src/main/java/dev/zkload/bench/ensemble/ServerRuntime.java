package dev.zkload.bench.ensemble;

import java.util.List;
import javax.net.ssl.SSLSocketFactory;

/**
 * What the servers of one started ensemble run with beyond their settings: the classpath (the
 * forking JVM's, or the launcher and a resolved release's jars), the JVM flags the ensemble's own
 * files need (JAAS, logging), and the TLS sockets its probes use when clients must come over TLS.
 *
 * @param tls null for a plain client port
 */
record ServerRuntime(String classpath, List<String> jvmFlags, SSLSocketFactory tls) {}
