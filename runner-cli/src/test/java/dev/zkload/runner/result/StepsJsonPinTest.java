package dev.zkload.runner.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zkload.bench.result.ResultJson;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * steps.jsonl is a contract: every line of a recorded ramp (a real run on this project's machine, written by this
 * version of zkload in another JVM, kept as a test fixture) read into a {@link StepResult} and written again as a
 * run appends it is the same line, byte for byte. However {@code StepResult} is arranged inside, a user's scripts
 * and the reports read the same file. (Older recordings beside it lack fields added since; they are read, not
 * pinned.)
 */
class StepsJsonPinTest {
    private static final ObjectMapper JSON = ResultJson.compact();
    private static final String RECORDED = "/dev/zkload/runner/engine/resources/confined-leader-work-short.steps.jsonl";

    @Test
    void everyRecordedStepIsWrittenAgainByteForByte() throws IOException {
        List<String> lines;
        try (InputStream in = StepsJsonPinTest.class.getResourceAsStream(RECORDED)) {
            assertThat(in).as(RECORDED).isNotNull();
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .toList();
        }
        assertThat(lines).as("the baseline and a load step").hasSize(2);
        for (String line : lines) {
            assertThat(JSON.writeValueAsString(JSON.readValue(line, StepResult.class)))
                    .isEqualTo(line);
        }
    }
}
