package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RootOwnerTest {

    @Test
    void aFleetsOwnerReadsBackWithItsSession() {
        String json = RootOwner.json(
                "executor-sim fleet", "/zkload/sim-1", 4242, "build-7", Instant.parse("2026-11-25T15:00:00Z"));
        assertThat(json)
                .isEqualTo("{\"command\":\"executor-sim fleet\",\"runId\":\"/zkload/sim-1\",\"pid\":4242,"
                        + "\"host\":\"build-7\",\"started\":\"2026-11-25T15:00:00Z\"}");
        assertThat(RootOwner.describe(json.getBytes(StandardCharsets.UTF_8), 0xabcL))
                .isEqualTo("executor-sim fleet /zkload/sim-1, pid 4242 on build-7, started 2026-11-25T15:00:00Z,"
                        + " session 0xabc");
    }

    @Test
    void aRunsLockAsTheRunnerWritesItIsNamedTooAndAForeignOneIsStillAHolder() {
        String run = "{\"command\":\"ramp\",\"runId\":\"ramp-20261125-150000-1a2b\",\"pid\":17,"
                + "\"host\":\"h\\\"q\",\"started\":\"2026-11-25T15:00:00.123Z\"}";
        assertThat(RootOwner.describe(run.getBytes(StandardCharsets.UTF_8), 1))
                .startsWith(
                        "ramp ramp-20261125-150000-1a2b, pid 17 on h\"q, started 2026-11-25T15:00:00.123Z, session 0x1");
        assertThat(RootOwner.describe("not json".getBytes(StandardCharsets.UTF_8), 0x10))
                .isEqualTo("a holder that names no process, session 0x10");
    }

    @Test
    void aHolderWhoseProcessIsGoneFromThisHostSaysSo() {
        String gone = RootOwner.json("executor-sim fleet", "/r", Long.MAX_VALUE, RootOwner.localHost(), Instant.EPOCH);
        assertThat(RootOwner.describe(gone.getBytes(StandardCharsets.UTF_8), 2))
                .endsWith("; its process is gone, and the servers end its session within its timeout");
        // a fleet's claim says when it goes
        String fleet = RootOwner.json(
                "executor-sim fleet", "/r", Long.MAX_VALUE, RootOwner.localHost(), Instant.EPOCH, 20_000);
        assertThat(fleet).endsWith(",\"sessionTimeoutMs\":20000}");
        assertThat(RootOwner.describe(fleet.getBytes(StandardCharsets.UTF_8), 2))
                .endsWith("; its process is gone, and the servers end its session within its timeout (20 s after the"
                        + " process died at the latest; the claim goes with the session: try again then)");
    }
}
