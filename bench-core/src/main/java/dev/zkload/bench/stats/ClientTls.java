package dev.zkload.bench.stats;

import dev.zkload.zk.ZkClientSecurity;
import javax.net.ssl.SSLSocketFactory;
import org.apache.zookeeper.common.ClientX509Util;
import org.apache.zookeeper.common.X509Exception;

/**
 * The TLS sockets of a client that speaks to its servers over TLS, built by ZooKeeper's own
 * {@link ClientX509Util} from the same {@code zookeeper.ssl.*} properties as the client's sessions, so
 * that four-letter words go where the sessions go, with the same key, trust and host checks.
 */
public final class ClientTls {
    private ClientTls() {}

    /**
     * The TLS socket factory of {@code security}, or null when its sessions do not use TLS.
     *
     * @throws IllegalArgumentException when the key or trust store cannot be loaded (a missing file, a
     *                                  wrong password), in ZooKeeper's words, which never contain a password
     */
    public static SSLSocketFactory socketFactory(ZkClientSecurity security) {
        if (!security.tls()) {
            return null;
        }
        try (ClientX509Util x509 = new ClientX509Util()) {
            return x509.createSSLContext(security.clientConfig()).getSocketFactory();
        } catch (X509Exception.SSLContextException e) {
            Throwable root = e;
            while (root.getCause() != null) {
                root = root.getCause();
            }
            throw new IllegalArgumentException(
                    "cannot load the client's TLS key or trust store: "
                            + (root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage()),
                    e);
        }
    }
}
