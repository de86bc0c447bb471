package dev.zkload.runner.engine.run;

import dev.zkload.zk.ZkClientSecurity;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How a run's clients connect and who they prove to be, as the user gave it: ZooKeeper client
 * properties (from {@code --zk-client-config} and the {@code --tls-*} options, secrets already read
 * from their files or variables), auth infos, a JAAS file for SASL, and whether the run's root is
 * creator-only. {@link #toString()} and {@link #describe} name what is on, never a secret.
 *
 * @param clientConfig     {@code ZKClientConfig} keys and values, passwords included: never printed
 * @param clientConfigFile the file they came from, for run.json; null when none was given
 * @param auths            the auth infos every session adds
 * @param jaas             the JAAS file of a SASL login; null for none
 * @param secureRoot       the run's root and everything under it get {@code CREATOR_ALL_ACL}
 */
public record ClientSecuritySpec(
        Map<String, String> clientConfig,
        Path clientConfigFile,
        List<Credential> auths,
        Path jaas,
        boolean secureRoot) {
    /** Plain connections, no authentication, world-open znodes. */
    public static final ClientSecuritySpec NONE = new ClientSecuritySpec(Map.of(), null, List.of(), null, false);

    private static final String FIPS_MODE = "zookeeper.fips-mode";

    public ClientSecuritySpec {
        clientConfig = Map.copyOf(clientConfig);
        auths = List.copyOf(auths);
    }

    /**
     * The sessions' security: {@code ensemble}'s client properties (an embedded TLS ensemble's stores)
     * under the user's own, then the auth infos and the root's ACL.
     */
    public ZkClientSecurity security(Map<String, String> ensemble) {
        Map<String, String> merged = new LinkedHashMap<>(ensemble);
        merged.putAll(clientConfig);
        if (jaas != null) {
            // ZooKeeper 3.9's client refuses DIGEST-MD5 in its default FIPS mode; a client config may say otherwise
            merged.putIfAbsent(FIPS_MODE, "false");
        }
        ZkClientSecurity security = ZkClientSecurity.of(merged);
        for (Credential c : auths) {
            security = security.withAuth(c.scheme(), c.credentials());
        }
        return secureRoot ? security.withCreatorOnlyAcl() : security;
    }

    /**
     * True when the run was given any security option (a client config, TLS stores, auth, JAAS, a
     * secure root): then every command on its tree, {@code clean} among them, needs them too.
     */
    public boolean given() {
        return !equals(NONE);
    }

    /** True when the user asked for TLS (the client property {@code zookeeper.client.secure}). */
    public boolean tls() {
        return Boolean.parseBoolean(clientConfig.get("zookeeper.client.secure"));
    }

    /** What run.json records: which mechanisms are on and where their files are, never a password. */
    Map<String, Object> describe(boolean embeddedTls, boolean embeddedSasl) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("tls", tls() || embeddedTls);
        map.put("clientConfig", clientConfigFile == null ? null : clientConfigFile.toString());
        List<String> schemes = new ArrayList<>();
        auths.forEach(a -> schemes.add(a.scheme()));
        map.put("auth", schemes);
        map.put("sasl", jaas != null || embeddedSasl);
        map.put("jaas", jaas == null ? null : jaas.toString());
        map.put("secureRoot", secureRoot);
        return map;
    }

    @Override
    public String toString() {
        return "ClientSecuritySpec" + describe(false, false);
    }

    /**
     * One auth info, e.g. {@code digest} and {@code user:password}.
     *
     * @param scheme      the ZooKeeper auth scheme
     * @param credentials what {@code addAuthInfo} sends: a secret, never printed
     */
    public record Credential(String scheme, String credentials) {
        public Credential {
            Objects.requireNonNull(scheme, "scheme");
            Objects.requireNonNull(credentials, "credentials");
        }

        @Override
        public String toString() {
            return scheme + ":<redacted>";
        }
    }
}
