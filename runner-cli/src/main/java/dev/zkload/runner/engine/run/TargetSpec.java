package dev.zkload.runner.engine.run;

import dev.zkload.zk.connect.ConnectString;
import java.time.Duration;
import java.util.Objects;

/**
 * Which ensemble a run works against: an existing one ({@code connect}), or an embedded one it
 * starts ({@code embedded}); exactly one of the two is set.
 *
 * @param connectTimeout how long the ensemble may take to answer
 * @param security       how the run's clients connect and authenticate
 */
public record TargetSpec(
        ConnectString connect, EmbeddedServers embedded, Duration connectTimeout, ClientSecuritySpec security) {
    public TargetSpec {
        if ((connect == null) == (embedded == null)) {
            throw new IllegalArgumentException("a target is either an existing ensemble or an embedded one");
        }
        Objects.requireNonNull(security, "security");
    }

    public static TargetSpec existing(ConnectString connect, Duration connectTimeout, ClientSecuritySpec security) {
        return new TargetSpec(connect, null, connectTimeout, security);
    }

    public static TargetSpec embedded(EmbeddedServers embedded, Duration connectTimeout, ClientSecuritySpec security) {
        return new TargetSpec(null, embedded, connectTimeout, security);
    }
}
