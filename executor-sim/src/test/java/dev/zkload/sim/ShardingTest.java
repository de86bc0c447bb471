package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShardingTest {

    @Test
    void itemsGoRoundRobinOverTheSortedExecutors() {
        assertThat(Sharding.assign(List.of("a", "b", "c"), 3)).isEqualTo("{\"a\":[0],\"b\":[1],\"c\":[2]}");
        assertThat(Sharding.assign(List.of("a", "b"), 5)).isEqualTo("{\"a\":[0,2,4],\"b\":[1,3]}");
        assertThat(Sharding.assign(List.of("a", "b", "c"), 1)).isEqualTo("{\"a\":[0]}");
    }

    @Test
    void noExecutorOnlineIsTheNeutralZero() {
        assertThat(Sharding.assign(List.of(), 3)).isEqualTo("0");
    }

    @Test
    void anExecutorsItemsAreReadBackFromTheAssignment() {
        String json = Sharding.assign(List.of("d-0000-exec-0", "d-0000-exec-1"), 5);
        assertThat(Sharding.itemsOf(json, "d-0000-exec-0")).isEqualTo("0,2,4");
        assertThat(Sharding.itemsOf(json, "d-0000-exec-1")).isEqualTo("1,3");
        assertThat(Sharding.itemsOf(json, "d-0000-exec-2")).isEmpty();
        assertThat(Sharding.itemsOf("0", "d-0000-exec-0")).isEmpty();
    }

    @Test
    void aLeaderWritesEveryExecutorTheAssignmentNamesEvenOneNotUnderServersYet() {
        String json = Sharding.assign(List.of("e-0", "e-1", "e-2"), 5);
        // e-2 is online (its ip is there) but has not created its server node under this job yet; e-9 is offline
        assertThat(Sharding.writtenBy(json, List.of("e-1", "e-0", "e-9"), "e-9"::equals))
                .containsExactly("e-0", "e-1", "e-2");
        // an executor that went offline and is no longer assigned is not written
        assertThat(Sharding.writtenBy(Sharding.assign(List.of("e-0"), 2), List.of("e-0", "e-9"), "e-9"::equals))
                .containsExactly("e-0");
        assertThat(Sharding.writtenBy("0", List.of("e-0"), s -> false)).containsExactly("e-0");
    }

    @Test
    void shardingNodesParseToItems() {
        assertThat(Sharding.parseItems("0,2,4".getBytes(StandardCharsets.UTF_8)))
                .containsExactly(0, 2, 4);
        assertThat(Sharding.parseItems(" 1 , 3".getBytes(StandardCharsets.UTF_8)))
                .containsExactly(1, 3);
        assertThat(Sharding.parseItems(new byte[0])).isEmpty();
        assertThat(Sharding.parseItems(null)).isEmpty();
    }

    @Test
    void latchCandidatesOrderBySequenceNotByName() {
        List<String> candidates = new ArrayList<>(
                List.of("_c_exec-2-latch-0000000003", "_c_exec-0-latch-0000000007", "_c_exec-1-latch-0000000001"));
        candidates.sort(Sharding::bySequence);
        assertThat(candidates)
                .containsExactly(
                        "_c_exec-1-latch-0000000001", "_c_exec-2-latch-0000000003", "_c_exec-0-latch-0000000007");
    }
}
