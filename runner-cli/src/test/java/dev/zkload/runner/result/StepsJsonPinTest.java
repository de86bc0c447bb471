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
        List<String> lines = recorded(RECORDED);
        assertThat(lines).as("the baseline and a load step").hasSize(2);
        for (String line : lines) {
            assertThat(JSON.writeValueAsString(JSON.readValue(line, StepResult.class)))
                    .isEqualTo(line);
        }
    }

    @Test
    void aShardsStepWithEveryServersBenchmarkIsWrittenAgainByteForByte() throws IOException {
        String load = recorded(RECORDED).get(1);
        String create = load.substring(load.indexOf("{\"count\":88"), load.indexOf(",\"set\":"));
        String shard = load.replace("\"shardDomains\":null", "\"shardDomains\":7")
                .replace(
                        "\"opsByTarget\":null",
                        "\"opsByTarget\":{\"127.0.0.1:2181\":{\"create\":" + create + "},\"127.0.0.1:2182\":{}}");
        StepResult step = JSON.readValue(shard, StepResult.class);
        assertThat(step.shardDomains()).isEqualTo(7);
        assertThat(step.opsByTarget()).containsOnlyKeys("127.0.0.1:2181", "127.0.0.1:2182");
        assertThat(JSON.writeValueAsString(step)).isEqualTo(shard);
    }

    @Test
    void aStepRecordedBeforeAGroupsFiguresExistedReadsThemAsAbsent() throws IOException {
        // recorded before the registration's host was kept
        String older = recorded("/dev/zkload/runner/engine/resources/this-machine-2-cores.steps.jsonl")
                .get(1);
        assertThat(older).doesNotContain("hostDuringAdd");
        StepResult step = JSON.readValue(older, StepResult.class);
        assertThat(step.usage()).as("the group, never null").isNotNull();
        assertThat(step.hostDuringAdd()).isNull();
        assertThat(step.domains()).isPositive();
        assertThat(step.verdict()).isNotNull();
        StepResult bare = JSON.readValue("{\"step\":3,\"domains\":30}", StepResult.class);
        assertThat(bare.judgement()).isNotNull();
        assertThat(bare.verdict()).isNull();
        assertThat(bare.ops()).isEmpty();
        assertThat(bare.servers()).isNotNull();
        assertThat(bare.server()).isNull();
    }

    private static List<String> recorded(String resource) throws IOException {
        try (InputStream in = StepsJsonPinTest.class.getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }
}
