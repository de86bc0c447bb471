package dev.zkload.zk;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.client.ZKClientConfig;
import org.apache.zookeeper.data.ACL;

/**
 * How every ZooKeeper session of a fleet (or of a zkload run) connects and who it proves to be: ZooKeeper's own client
 * properties (the {@link ZKClientConfig} keys: {@code zookeeper.client.secure},
 * {@code zookeeper.clientCnxnSocket}, {@code zookeeper.ssl.*}, {@code zookeeper.sasl.*}), the auth
 * infos each session adds ({@code digest} {@code user:password}), and the ACL of every znode it
 * creates under its root.
 *
 * <pre>{@code
 * ZkClientSecurity security = ZkClientSecurity.of(Map.of(
 *                 "zookeeper.client.secure", "true",
 *                 "zookeeper.clientCnxnSocket", "org.apache.zookeeper.ClientCnxnSocketNetty",
 *                 "zookeeper.ssl.trustStore.location", "/etc/zk/truststore.p12",
 *                 "zookeeper.ssl.trustStore.password", trustStorePassword))
 *         .withAuth("digest", "alice:" + password)
 *         .withCreatorOnlyAcl();
 * DomainFleet.builder(hosts).security(security).build();
 * }</pre>
 *
 * <p>Immutable. Hazards: SASL reads its JAAS file from the JVM-wide system property
 * {@code java.security.auth.login.config}, which this type cannot set per session. A creator-only ACL
 * ({@link Ids#CREATOR_ALL_ACL}) needs an authenticated identity (digest, SASL or a TLS client
 * certificate): a session without one cannot create under it. {@link #toString()} names the schemes
 * and whether TLS is on, never a credential or a password.
 */
public final class ZkClientSecurity {
    /** Plain connections, no authentication, world-open znodes: what ZooKeeper does by default. */
    public static final ZkClientSecurity NONE = new ZkClientSecurity(Map.of(), List.of(), false);

    private final Map<String, String> clientConfig;
    private final List<Auth> auths;
    private final boolean creatorOnly;

    private ZkClientSecurity(Map<String, String> clientConfig, List<Auth> auths, boolean creatorOnly) {
        this.clientConfig = Map.copyOf(clientConfig);
        this.auths = List.copyOf(auths);
        this.creatorOnly = creatorOnly;
    }

    /**
     * Sessions configured with these client properties, as a ZooKeeper client properties file holds them.
     *
     * @param clientConfig {@link ZKClientConfig} keys and values
     * @return the security, with no auth info and world-open znodes
     */
    public static ZkClientSecurity of(Map<String, String> clientConfig) {
        return new ZkClientSecurity(new LinkedHashMap<>(clientConfig), List.of(), false);
    }

    /**
     * These settings, and one more auth info that every session adds as soon as it is created
     * ({@link ZooKeeper#addAuthInfo}).
     *
     * @param scheme      e.g. {@code digest}
     * @param credentials e.g. {@code user:password} for digest
     * @return a new security
     */
    public ZkClientSecurity withAuth(String scheme, String credentials) {
        Objects.requireNonNull(scheme, "scheme");
        Objects.requireNonNull(credentials, "credentials");
        if (scheme.isBlank()) {
            throw new IllegalArgumentException("an auth scheme must not be blank");
        }
        List<Auth> more = new ArrayList<>(auths);
        more.add(new Auth(scheme, credentials));
        return new ZkClientSecurity(clientConfig, more, creatorOnly);
    }

    /**
     * These settings, with every znode created under the root (the root included) readable and
     * writable only by the identity that created it ({@link Ids#CREATOR_ALL_ACL}); the root's parents
     * stay world-open, since other runs share them.
     *
     * @return a new security
     */
    public ZkClientSecurity withCreatorOnlyAcl() {
        return new ZkClientSecurity(clientConfig, auths, true);
    }

    /**
     * The ACL of the znodes created under the root.
     *
     * @return {@link Ids#CREATOR_ALL_ACL} or {@link Ids#OPEN_ACL_UNSAFE}
     */
    public List<ACL> acl() {
        return creatorOnly ? Ids.CREATOR_ALL_ACL : Ids.OPEN_ACL_UNSAFE;
    }

    /**
     * Whether znodes are created readable by their creator only.
     *
     * @return true after {@link #withCreatorOnlyAcl()}
     */
    public boolean creatorOnlyAcl() {
        return creatorOnly;
    }

    /**
     * Whether sessions connect with TLS ({@code zookeeper.client.secure=true}).
     *
     * @return true for TLS
     */
    public boolean tls() {
        return Boolean.parseBoolean(clientConfig.get(ZKClientConfig.SECURE_CLIENT));
    }

    /**
     * A new client configuration with these properties (ZooKeeper's own system properties first,
     * as {@link ZKClientConfig} reads them, then these over them). A new one per session: ZooKeeper's
     * client keeps state in it.
     *
     * @return a fresh configuration
     */
    public ZKClientConfig clientConfig() {
        ZKClientConfig config = new ZKClientConfig();
        clientConfig.forEach(config::setProperty);
        return config;
    }

    /**
     * Opens a session with these settings and adds the auth infos before any request goes out.
     *
     * @param connectString    ZooKeeper's {@code host:port,...} list
     * @param sessionTimeoutMs the session timeout
     * @param watcher          the session's default watcher
     * @return the session, connecting
     * @throws IOException as {@link ZooKeeper}'s constructor does
     */
    public ZooKeeper open(String connectString, int sessionTimeoutMs, Watcher watcher) throws IOException {
        ZooKeeper zk = clientConfig.isEmpty()
                ? new ZooKeeper(connectString, sessionTimeoutMs, watcher)
                : new ZooKeeper(connectString, sessionTimeoutMs, watcher, clientConfig());
        authenticate(zk);
        return zk;
    }

    /**
     * Adds the auth infos to a session (ZooKeeper sends them before the session's next request, and
     * again after every reconnect).
     *
     * @param zk the session
     */
    public void authenticate(ZooKeeper zk) {
        for (Auth a : auths) {
            zk.addAuthInfo(a.scheme(), a.bytes());
        }
    }

    /** Names what is on, never a secret: e.g. {@code tls, auth digest, creator-only ACL}. */
    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        if (tls()) {
            parts.add("tls");
        }
        TreeSet<String> schemes = new TreeSet<>();
        auths.forEach(a -> schemes.add(a.scheme().toLowerCase(Locale.ROOT)));
        if (!schemes.isEmpty()) {
            parts.add("auth " + String.join(",", schemes));
        }
        if (clientConfig.keySet().stream().anyMatch(k -> k.startsWith("zookeeper.sasl."))) {
            parts.add("sasl settings");
        }
        if (creatorOnly) {
            parts.add("creator-only ACL");
        }
        return parts.isEmpty() ? "none" : String.join(", ", parts);
    }

    /** One auth info: its scheme and credentials. */
    private record Auth(String scheme, String credentials) {
        /** The bytes ZooKeeper's {@code addAuthInfo} takes. */
        byte[] bytes() {
            return credentials.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return scheme + ":<redacted>";
        }
    }
}
