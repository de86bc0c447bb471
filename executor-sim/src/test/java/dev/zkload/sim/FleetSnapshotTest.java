package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.apache.zookeeper.KeeperException.Code;
import org.junit.jupiter.api.Test;

class FleetSnapshotTest {

    @Test
    void everyKindIsThereZeroWhenNothingHappened() {
        FleetSnapshot s = new FleetSnapshot(
                1,
                3,
                2,
                35,
                5,
                5,
                0,
                0,
                0,
                Map.of(Operation.MULTI, 71L),
                0,
                Map.of(),
                Map.of(),
                Map.of(FailureKind.CACHE, 2L),
                0,
                0);
        assertThat(s.operations())
                .containsOnlyKeys(Operation.values())
                .containsEntry(Operation.MULTI, 71L)
                .containsEntry(Operation.EXISTS, 0L);
        assertThat(s.sessionEvents())
                .containsOnlyKeys(SessionEvent.values())
                .containsValue(0L)
                .doesNotContainValue(1L);
        assertThat(s.failures()).containsEntry(FailureKind.CACHE, 2L).containsEntry(FailureKind.JOB_FIRE, 0L);
        assertThat(s.sessions()).isEqualTo(5);
    }

    @Test
    void theMapsCannotBeChanged() {
        FleetSnapshot s = new FleetSnapshot(
                0, 0, 0, 0, 0, 0, 0, 0, 0, Map.of(), 1, Map.of("set_data NONODE", 1L), Map.of(), Map.of(), 0, 0);
        assertThatThrownBy(() -> s.operations().put(Operation.EXISTS, 1L))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> s.failures().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> s.operationErrorCodes().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void failedRequestsAreCountedByOperationAndCodeSorted() {
        OpCounters ops = new OpCounters();
        ops.error(Operation.SET_DATA, Code.NONODE);
        ops.error(Operation.CREATE, Code.NODEEXISTS);
        ops.error(Operation.SET_DATA, Code.NONODE);
        assertThat(ops.errors()).isEqualTo(3);
        assertThat(ops.errorCodes())
                .containsExactly(Map.entry("create NODEEXISTS", 1L), Map.entry("set_data NONODE", 2L));
    }

    @Test
    void readsAreTheThreeReadKinds() {
        assertThat(Operation.EXISTS.isRead()).isTrue();
        assertThat(Operation.GET_CHILDREN.isRead()).isTrue();
        assertThat(Operation.MULTI.isRead()).isFalse();
        assertThat(Operation.GET_DATA.id()).isEqualTo("get_data");
        assertThat(SessionEvent.EXPIRED.id()).isEqualTo("expired");
        assertThat(FailureKind.JOB_FIRE.id()).isEqualTo("job_fire");
    }
}
