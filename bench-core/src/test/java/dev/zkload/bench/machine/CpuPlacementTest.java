package dev.zkload.bench.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CpuPlacementTest {
    @Test
    void twoCoresAreTooFewForThreeServersAndARunner() {
        assertThat(CpuPlacement.of(Set.of(0, 1), 3)).isEmpty();
        assertThat(CpuPlacement.of(Set.of(0, 1, 2), 3)).isEmpty();
        assertThat(CpuPlacement.of(Set.of(0, 1), 1))
                .as("a runner on one core of two")
                .isEmpty();
    }

    @Test
    void fourCoresGiveEachServerOneAndTheRunnerTheFirst() {
        CpuPlacement p = CpuPlacement.of(Set.of(0, 1, 2, 3), 3).orElseThrow();

        assertThat(p.runner()).containsExactly(0);
        assertThat(p.servers()).containsExactly(Set.of(1), Set.of(2), Set.of(3));
        assertThat(p.describe()).isEqualTo("runner 0; servers 1, 2, 3");
    }

    @Test
    void moreCoresGiveEachServerAShareOfThreeQuartersAndTheRunnerTheRest() {
        CpuPlacement p = CpuPlacement.of(Set.of(0, 1, 2, 3, 4, 5, 6, 7), 3).orElseThrow();
        assertThat(p.describe()).isEqualTo("runner 0-1; servers 2-3, 4-5, 6-7");

        CpuPlacement sixteen = CpuPlacement.of(Set.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), 5)
                .orElseThrow();
        assertThat(sixteen.describe()).isEqualTo("runner 0-5; servers 6-7, 8-9, 10-11, 12-13, 14-15");
    }

    @Test
    void theCpusTheRunnerMayUseAreTheOnesPlaced() {
        // a runner confined to CPUs 4-7 (a container's cpuset) places everything there
        CpuPlacement p = CpuPlacement.of(Set.of(7, 4, 6, 5), 1).orElseThrow();
        assertThat(p.runner()).containsExactly(4);
        assertThat(p.servers()).isEqualTo(List.of(Set.of(5, 6, 7)));
    }

    @Test
    void cpuListsReadAndWriteAsTheKernelDoes() {
        assertThat(CpuList.parse("0-2,5, 7-8")).containsExactly(0, 1, 2, 5, 7, 8);
        assertThat(CpuList.format(Set.of(8, 7, 5, 2, 1, 0))).isEqualTo("0-2,5,7-8");
        assertThat(CpuList.format(Set.of())).isEmpty();
    }
}
