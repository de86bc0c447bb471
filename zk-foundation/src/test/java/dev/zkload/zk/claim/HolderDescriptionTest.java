package dev.zkload.zk.claim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A lock's holder as a refusal names it, a run's and a fleet's alike. */
class HolderDescriptionTest {

    @Test
    void aRunsLockAsTheRunnerWritesItIsNamedTooAndAForeignOneIsStillAHolder() {
        String run = "{\"command\":\"ramp\",\"runId\":\"ramp-20261125-150000-1a2b\",\"pid\":17,"
                + "\"host\":\"h\\\"q\",\"started\":\"2026-11-25T15:00:00.123Z\"}";
        assertThat(RootLocks.read(run, 1).describeHolder())
                .isEqualTo(
                        "ramp ramp-20261125-150000-1a2b, pid 17 on h\"q, started 2026-11-25T15:00:00.123Z, session 0x1");
        assertThat(RootLocks.read("not json", 0x10).describeHolder())
                .isEqualTo("a holder that names no process, session 0x10");
    }

    @Test
    void aHolderWhoseProcessIsGoneFromThisHostSaysSoAndAFleetsSaysWhenItsClaimGoes() {
        String run = "{\"command\":\"ramp\",\"runId\":\"/r\",\"pid\":" + Long.MAX_VALUE + ",\"host\":\""
                + RootLock.localHost() + "\",\"started\":\"1970-01-01T00:00:00Z\"}";
        assertThat(RootLocks.read(run, 2).describeHolder())
                .endsWith("; its process is gone, and the servers end its session within its timeout");
        String fleet = run.substring(0, run.length() - 1) + ",\"sessionTimeoutMs\":20000}";
        assertThat(RootLocks.read(fleet, 2).describeHolder())
                .endsWith("; its process is gone, and the servers end its session within its timeout (20 s after the"
                        + " process died at the latest; the claim goes with the session: try again then)");
    }
}
