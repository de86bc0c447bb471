package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.sim.zk.RootLock;
import dev.zkload.sim.zk.RootLocks;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RootOwnerTest {

    @Test
    void aFleetsOwnerIsThisProcessWithItsSessionTimeout() {
        String json = new String(RootOwner.of("/zkload/sim-1"), StandardCharsets.UTF_8);
        assertThat(json)
                .startsWith("{\"command\":\"executor-sim fleet\",\"runId\":\"/zkload/sim-1\",\"pid\":"
                        + ProcessHandle.current().pid() + ",\"host\":\"" + RootLock.localHost() + "\",\"started\":\"")
                .endsWith(",\"sessionTimeoutMs\":20000}");
        assertThat(RootOwner.describe(RootLocks.read(json, 0xabcL)))
                .startsWith("executor-sim fleet /zkload/sim-1, pid "
                        + ProcessHandle.current().pid() + " on " + RootLock.localHost() + ", started ")
                .endsWith(", session 0xabc");
    }

    @Test
    void aRunsLockAsTheRunnerWritesItIsNamedTooAndAForeignOneIsStillAHolder() {
        String run = "{\"command\":\"ramp\",\"runId\":\"ramp-20261125-150000-1a2b\",\"pid\":17,"
                + "\"host\":\"h\\\"q\",\"started\":\"2026-11-25T15:00:00.123Z\"}";
        assertThat(RootOwner.describe(RootLocks.read(run, 1)))
                .isEqualTo(
                        "ramp ramp-20261125-150000-1a2b, pid 17 on h\"q, started 2026-11-25T15:00:00.123Z, session 0x1");
        assertThat(RootOwner.describe(RootLocks.read("not json", 0x10)))
                .isEqualTo("a holder that names no process, session 0x10");
    }

    @Test
    void aHolderWhoseProcessIsGoneFromThisHostSaysSoAndAFleetsSaysWhenItsClaimGoes() {
        String run = "{\"command\":\"ramp\",\"runId\":\"/r\",\"pid\":" + Long.MAX_VALUE + ",\"host\":\""
                + RootLock.localHost() + "\",\"started\":\"1970-01-01T00:00:00Z\"}";
        assertThat(RootOwner.describe(RootLocks.read(run, 2)))
                .endsWith("; its process is gone, and the servers end its session within its timeout");
        String fleet = run.substring(0, run.length() - 1) + ",\"sessionTimeoutMs\":20000}";
        assertThat(RootOwner.describe(RootLocks.read(fleet, 2)))
                .endsWith("; its process is gone, and the servers end its session within its timeout (20 s after the"
                        + " process died at the latest; the claim goes with the session: try again then)");
    }
}
