package dev.zkload.runner.engine.disrupt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.result.LevelResult;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DisruptAnswerTest {
    private static LevelResult level(int index, long domains, Map<String, Double> measured) {
        return new LevelResult(
                index,
                Long.toString(domains),
                domains,
                Instant.EPOCH,
                Instant.EPOCH,
                measured,
                List.of(),
                Map.of(),
                null,
                false);
    }

    private static Map<String, Double> figures(Double recoveryMs, Double leaderlessMs, double disconnected) {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("sessions", 500.0);
        m.put("faultSeconds", 2.0);
        m.put("recovered", recoveryMs == null ? 0.0 : 1.0);
        if (recoveryMs != null) {
            m.put("recoveryMs", recoveryMs);
            m.put("sessionsBackMs", recoveryMs - 700);
        }
        if (leaderlessMs != null) {
            m.put("leaderlessMs", leaderlessMs);
        }
        m.put("sessionsDisconnected", disconnected);
        m.put("sessionsExpired", 0.0);
        m.put("failedCalls", 12.0);
        return m;
    }

    @Test
    void eachLevelsHeadlineFiguresAreTheAnswerNamedByItsDomainsAsAThresholdNamesThem() {
        Map<String, Double> answer = DisruptAnswer.of(
                List.of(level(1, 100, figures(15_100.0, 5_000.0, 500)), level(2, 200, figures(null, null, 1))));
        assertThat(answer)
                .containsEntry("recoveryMs@100", 15_100.0)
                .containsEntry("leaderlessMs@100", 5_000.0)
                .containsEntry("sessionsBackMs@100", 14_400.0)
                .containsEntry("sessionsDisconnected@100", 500.0)
                .containsEntry("sessionsExpired@100", 0.0)
                .containsEntry("recovered@200", 0.0)
                .doesNotContainKeys("recoveryMs@200", "leaderlessMs@200", "failedCalls@100", "faultSeconds@100");

        assertThat(DisruptAnswer.lines(answer))
                .containsExactly(
                        "At 100 domains: recovered 15.1 s after the fault began; 5.0 s without a leader; every session"
                                + " back after 14.4 s; 500 disconnections and 0 expiries among 500 sessions.",
                        "At 200 domains: NOT recovered within --recovery-timeout; the time without a leader not"
                                + " observed; the sessions not all back; 1 disconnection and 0 expiries among 500"
                                + " sessions.");
    }

    @Test
    void noLevelNoAnswer() {
        assertThat(DisruptAnswer.of(List.of())).isEmpty();
        assertThat(DisruptAnswer.lines(Map.of())).isEmpty();
    }
}
