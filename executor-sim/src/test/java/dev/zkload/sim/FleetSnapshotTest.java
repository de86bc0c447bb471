package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.apache.zookeeper.KeeperException.Code;
import org.junit.jupiter.api.Test;

class FleetSnapshotTest {

    @Test
    void everyKindIsThereZeroWhenNothingHappened() {
        FleetSnapshot s = FleetSnapshot.builder()
                .domains(1)
                .executors(3)
                .consoles(2)
                .jobs(35)
                .sessionsOpen(5)
                .sessionsConnected(5)
                .operations(Map.of(Operation.MULTI, 71L))
                .failures(Map.of(FailureKind.CACHE, 2L))
                .build();
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
        FleetSnapshot s = FleetSnapshot.builder()
                .operationErrors(1)
                .operationErrorCodes(Map.of("set_data NONODE", 1L))
                .build();
        assertThatThrownBy(() -> s.operations().put(Operation.EXISTS, 1L))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> s.failures().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> s.operationErrorCodes().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aBuilderStartsFromASnapshotAndTwoSnapshotsOfTheSameCountsAreEqual() {
        FleetSnapshot s = FleetSnapshot.builder()
                .domains(2)
                .jobsWithoutLeader(3)
                .sessionEvents(Map.of(SessionEvent.EXPIRED, 4L))
                .build();
        FleetSnapshot same = s.toBuilder().build();
        assertThat(same).isEqualTo(s).hasSameHashCodeAs(s);
        assertThat(same.toString()).isEqualTo(s.toString()).contains("jobsWithoutLeader=3");
        assertThat(s.toBuilder().jobsWithoutLeader(0).build().leadersComplete()).isTrue();
        assertThat(s.leadersComplete()).isFalse();
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
