package dev.zkload.zk.claim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The lock's data on the wire: exactly what runs (with Jackson) and fleets (by hand) wrote before
 * they shared one codec, so that the locks of runs and fleets already out there are read the same.
 */
class RootLockTest {
    /** A run's lock, as bench-core's RunLock wrote it with Jackson. */
    static final String RUN = "{\"command\":\"ramp\",\"runId\":\"ramp-20261125-150000-1a2b\",\"pid\":17,"
            + "\"host\":\"loadgen-1\",\"started\":\"2026-11-25T15:00:00.123Z\"}";
    /** A fleet's claim, as executor-sim wrote it by hand. */
    static final String FLEET = "{\"command\":\"executor-sim fleet\",\"runId\":\"/zkload/sim-1\",\"pid\":4242,"
            + "\"host\":\"build-7\",\"started\":\"2026-11-25T15:00:00Z\",\"sessionTimeoutMs\":20000}";
    /** A host name with every kind of escape, as Jackson wrote it. */
    static final String ESCAPED = "{\"command\":\"ramp\",\"runId\":\"a\",\"pid\":1,"
            + "\"host\":\"load\\\"gen\\\\1\\n\\u0001\\u001F\u00e9\",\"started\":\"1970-01-01T00:00:00Z\"}";

    @Test
    void runsAndFleetsWriteTheirLocksAsTheyAlwaysDid() {
        assertThat(string(RootLock.data(
                        "ramp",
                        "ramp-20261125-150000-1a2b",
                        17,
                        "loadgen-1",
                        Instant.parse("2026-11-25T15:00:00.123Z"),
                        0)))
                .isEqualTo(RUN);
        assertThat(string(RootLock.data(
                        "executor-sim fleet",
                        "/zkload/sim-1",
                        4242,
                        "build-7",
                        Instant.parse("2026-11-25T15:00:00Z"),
                        20_000)))
                .isEqualTo(FLEET);
        assertThat(string(RootLock.data("ramp", "a", 1, "load\"gen\\1\n\u0001\u001f\u00e9", Instant.EPOCH, 0)))
                .isEqualTo(ESCAPED);
    }

    @Test
    void eachSidesLockReadsBackFieldByField() {
        RootLock run = RootLocks.read(RUN, 0x1a);
        assertThat(run.path()).isEqualTo("/r/zkload.lock");
        assertThat(run.root()).isEqualTo("/r");
        assertThat(run.sessionId()).isEqualTo(0x1a);
        assertThat(run.field("command")).contains("ramp");
        assertThat(run.field("runId")).contains("ramp-20261125-150000-1a2b");
        assertThat(run.field("pid")).contains("17");
        assertThat(run.field("started")).contains("2026-11-25T15:00:00.123Z");
        assertThat(run.field("sessionTimeoutMs")).as("a run says none").isEmpty();

        RootLock fleet = RootLocks.read(FLEET, 2);
        assertThat(fleet.field("command")).contains("executor-sim fleet");
        assertThat(fleet.field("runId")).contains("/zkload/sim-1");
        assertThat(fleet.field("host")).contains("build-7");
        assertThat(fleet.field("sessionTimeoutMs")).contains("20000");

        assertThat(RootLocks.read(ESCAPED, 3).field("host")).contains("load\"gen\\1\n\u0001\u001f\u00e9");
        // spaces and another order, as another JSON writer may put them
        assertThat(RootLocks.read("{ \"pid\" : -1 , \"command\" : \"x\" }", 4).field("pid"))
                .contains("-1");
    }

    @Test
    void aHolderIsNamedInOneWordingWhateverSideReadsIt() {
        Instant started = Instant.parse("2026-11-25T15:00:00Z");
        RootLock lock = RootLock.read("/r/zkload.lock", RootLock.data("ramp", "20261125-1", 17, "h", started, 0), 0x1a);
        assertThat(lock.describe())
                .isEqualTo(RootLock.holder("ramp", "20261125-1", "17", "h", started.toString()) + ", session 0x1a")
                .isEqualTo("ramp 20261125-1, pid 17 on h, started 2026-11-25T15:00:00Z, session 0x1a");
        assertThat(RootLock.read("/r/zkload.lock", null, 0x10).describe())
                .isEqualTo(RootLock.NO_PROCESS + ", session 0x10");
        // as the runner's lock reader has it: a holder named in part is no holder named
        assertThat(RootLocks.read("{\"command\":\"ramp\"}", 0x10).describe())
                .isEqualTo(RootLock.NO_PROCESS + ", session 0x10");
    }

    @Test
    void dataThatIsNotZkloadsNamesNoField() {
        assertThat(RootLocks.read("not json", 1).field("command")).isEmpty();
        assertThat(RootLock.read("/r/zkload.lock", null, 1).field("command")).isEmpty();
    }

    @Test
    void aRootIsMarkedWithTheMarkerAndALabelAParentWithTheMarkerAlone() {
        assertThat(RootLock.markedRoot(bytes("zkload ramp 20261125-1"))).isTrue();
        assertThat(RootLock.marked(bytes("zkload ramp 20261125-1"))).isTrue();
        assertThat(RootLock.markedRoot(bytes("zkload executor-sim fleet"))).isTrue();
        assertThat(RootLock.markedRoot(bytes("zkload")))
                .as("a parent is no root")
                .isFalse();
        assertThat(RootLock.marked(bytes("zkload"))).isTrue();
    }

    @Test
    void aMerePrefixOrOtherDataIsNoMark() {
        for (String other : new String[] {"zkloadish", "zkload-ramp", "", "saturn", " zkload ramp"}) {
            assertThat(RootLock.marked(bytes(other))).as(other).isFalse();
            assertThat(RootLock.markedRoot(bytes(other))).as(other).isFalse();
        }
        assertThat(RootLock.marked(null)).isFalse();
        assertThat(RootLock.markedRoot(null)).isFalse();
    }

    @Test
    void aProcessOfThisHostThatIsGoneIsKnownGoneAndOneElsewhereNever() {
        assertThat(RootLock.goneFromThisHost(Long.MAX_VALUE, RootLock.localHost()))
                .isTrue();
        assertThat(RootLock.goneFromThisHost(ProcessHandle.current().pid(), RootLock.localHost()))
                .isFalse();
        assertThat(RootLock.goneFromThisHost(Long.MAX_VALUE, "elsewhere-" + RootLock.localHost()))
                .isFalse();
        assertThat(RootLock.goneFromThisHost(Long.MAX_VALUE, null)).isFalse();
    }

    private static String string(byte[] data) {
        return new String(data, StandardCharsets.UTF_8);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
