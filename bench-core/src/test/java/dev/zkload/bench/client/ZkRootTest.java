package dev.zkload.bench.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ZkRootTest {
    @Test
    void aRootIsMarkedWithTheMarkerAndALabelAParentWithTheMarkerAlone() {
        assertThat(ZkRoot.markedRoot(bytes("zkload ramp 20261125-1"))).isTrue();
        assertThat(ZkRoot.marked(bytes("zkload ramp 20261125-1"))).isTrue();
        assertThat(ZkRoot.markedRoot(bytes("zkload"))).as("a parent is no root").isFalse();
        assertThat(ZkRoot.marked(bytes("zkload"))).isTrue();
    }

    @Test
    void aMerePrefixOrOtherDataIsNoMark() {
        for (String other : new String[] {"zkloadish", "zkload-ramp", "", "saturn", " zkload ramp"}) {
            assertThat(ZkRoot.marked(bytes(other))).as(other).isFalse();
            assertThat(ZkRoot.markedRoot(bytes(other))).as(other).isFalse();
        }
        assertThat(ZkRoot.marked(null)).isFalse();
        assertThat(ZkRoot.markedRoot(null)).isFalse();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
