package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.zk.claim.RootLock;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RootOwnerTest {

    @Test
    void aFleetsOwnerIsThisProcessWithItsSessionTimeout() {
        byte[] data = RootOwner.of("/zkload/sim-1");
        assertThat(new String(data, StandardCharsets.UTF_8))
                .startsWith("{\"command\":\"executor-sim fleet\",\"runId\":\"/zkload/sim-1\",\"pid\":"
                        + ProcessHandle.current().pid() + ",\"host\":\"" + RootLock.localHost() + "\",\"started\":\"")
                .endsWith(",\"sessionTimeoutMs\":20000}");
    }
}
