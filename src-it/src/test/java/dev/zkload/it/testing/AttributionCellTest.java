package dev.zkload.it.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zkload.it.testing.AttributionCell.Cause;
import dev.zkload.it.testing.AttributionCell.Classification;
import dev.zkload.it.testing.AttributionCell.Condition;
import org.junit.jupiter.api.Test;

class AttributionCellTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String HEAP = "Stable at 1 domain, but the leader's collector stopped it 31% of the time:"
            + " its heap is short, and the headroom with it.";
    private static final JsonNode QUIET_STEP = json("{\"resources\":{\"host\":{\"busyPercent\":70}}}");

    @Test
    void aStableCountQualifiedByTheInjectedCauseNamesIt() {
        AttributionCell heap = new AttributionCell(Cause.LEADER_HEAP, Condition.QUIET, 1);
        assertThat(heap.judge(stable(HEAP), QUIET_STEP).classification()).isEqualTo(Classification.RIGHT);
        assertThat(heap.judge(stable(), QUIET_STEP).classification()).isEqualTo(Classification.ACCEPTABLE);
    }

    @Test
    void aStableCountQualifiedByACauseThatWasNotThereIsFalse() {
        AttributionCell none = new AttributionCell(Cause.NONE, Condition.QUIET, 1);
        assertThat(none.judge(stable(HEAP), QUIET_STEP).classification()).isEqualTo(Classification.FALSE);
        AttributionCell throttle = new AttributionCell(Cause.THROTTLE_39, Condition.QUIET, 1);
        assertThat(throttle.judge(stable(HEAP), QUIET_STEP).classification()).isEqualTo(Classification.FALSE);
    }

    @Test
    void aHeadroomSentenceTheMatrixCannotReadFailsItInsteadOfPassingUnread() {
        assertThat(AttributionCell.headroomClaims(stable("Stable at 1 domain, but the leader's fsyncs averaged 3.0 ms,"
                        + " 30 times the empty ensemble's 0.10 ms: the headroom is a slowed log's.")))
                .containsExactly("transaction-log");
        assertThatThrownBy(() -> AttributionCell.headroomClaims(stable("Stable at 1 domain, but the moon was full.")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("the moon was full");
    }

    private static JsonNode stable(String... qualifications) {
        return JSON.createObjectNode()
                .put("stopReason", "target-reached")
                .set("qualifications", JSON.valueToTree(qualifications));
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
