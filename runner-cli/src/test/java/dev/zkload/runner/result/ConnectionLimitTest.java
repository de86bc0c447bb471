package dev.zkload.runner.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.result.ResultJson;
import org.junit.jupiter.api.Test;

class ConnectionLimitTest {
    @Test
    void runJsonCarriesTheNumberOrUnknown() throws Exception {
        var json = ResultJson.compact();
        assertThat(json.writeValueAsString(new ServerCheck("h:1", "3.9.5", "leader", "4lw").withConfiguration(60, 3)))
                .contains("\"maxClientCnxns\":60,\"voters\":3");
        assertThat(json.writeValueAsString(new ServerCheck("h:1", "3.9.5", "leader", "4lw").withConfiguration(0, -1)))
                .contains("\"maxClientCnxns\":0");
        assertThat(json.writeValueAsString(new ServerCheck("h:1", "3.9.5", "leader", "4lw").withConfiguration(-1, -1)))
                .as("no voters known: none written")
                .endsWith("\"maxClientCnxns\":\"unknown\"}");
        assertThat(json.writeValueAsString(new ServerCheck("h:1", "unknown", "unknown", "none")))
                .as("a server whose configuration was not read")
                .contains("\"maxClientCnxns\":\"unknown\"");
    }

    @Test
    void aSentenceNamesTheSettingAndItsValue() {
        assertThat(ConnectionLimit.of(60)).hasToString("maxClientCnxns=60");
        assertThat(ConnectionLimit.of(0)).hasToString("maxClientCnxns=0");
        assertThat(ConnectionLimit.of(-1)).isEqualTo(ConnectionLimit.UNKNOWN).hasToString("maxClientCnxns unknown");
        assertThat(ConnectionLimit.UNKNOWN.known()).isFalse();
    }
}
