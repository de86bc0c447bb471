package dev.zkload.runner.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CleanHintTest {
    private static final ClientSecuritySpec DIGEST = new ClientSecuritySpec(
            Map.of(), null, List.of(new ClientSecuritySpec.Credential("digest", "u:p")), null, false);
    private static final ClientSecuritySpec TRUSTSTORE_ONLY = new ClientSecuritySpec(
            Map.of("zookeeper.ssl.trustStore.location", "/tmp/t.jks"), null, List.of(), null, false);
    private static final ClientSecuritySpec SECURE_ROOT_BY_JAAS =
            new ClientSecuritySpec(Map.of(), null, List.of(), Path.of("/tmp/jaas.conf"), true);

    @Test
    void securityOptionsAreGivenWhenTheSpecIsNotThePlainOne() {
        assertThat(ClientSecuritySpec.NONE.given()).isFalse();
        assertThat(new ClientSecuritySpec(Map.of(), null, List.of(), null, false).given())
                .as("no option given is the plain spec")
                .isFalse();
        assertThat(DIGEST.given()).isTrue();
        assertThat(TRUSTSTORE_ONLY.given()).isTrue();
        assertThat(SECURE_ROOT_BY_JAAS.given()).isTrue();
    }

    @Test
    void theCleanCommandNamesTheSecurityOptionsOnlyWhenGivenAndNeverSpellsThemOut() {
        String plain = CleanHint.command("zk1:2181/team", "/zkload/ramp-1", ClientSecuritySpec.NONE.given());
        assertThat(plain)
                .endsWith(" clean --connect zk1:2181/team --root /zkload/ramp-1")
                .doesNotContain("security");
        String secured = CleanHint.command("zk1:2181", "/zkload/ramp-1", DIGEST.given());
        assertThat(secured)
                .endsWith(" clean --connect zk1:2181 --root /zkload/ramp-1 and this run's security options")
                .doesNotContain("u:p");
    }
}
