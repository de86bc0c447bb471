package dev.zkload.runner.cli.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zkload.runner.engine.ramp.Shard;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class ShardConverterTest {

    @Test
    void aFullShardIgnoresTheCompletionIndex() {
        assertThat(ShardConverter.convert("1/3", "2")).isEqualTo(new Shard(1, 3));
        assertThat(ShardConverter.convert("0/1", null)).isEqualTo(Shard.ALONE);
    }

    @Test
    void onlyTheCountTakesTheIndexFromTheIndexedJob() {
        assertThat(ShardConverter.convert("/4", "3")).isEqualTo(new Shard(3, 4));
        assertThat(ShardConverter.convert(" /2", " 0 ")).isEqualTo(new Shard(0, 2));
    }

    @Test
    void withoutTheVariableOrWithAnIndexTooLargeItSaysWhy() {
        assertThatThrownBy(() -> ShardConverter.convert("/4", null))
                .isInstanceOf(TypeConversionException.class)
                .hasMessage("'/4' takes the shard's index from JOB_COMPLETION_INDEX (set in the pods of a Kubernetes"
                        + " Indexed Job), which is not set here; write i/N");
        assertThatThrownBy(() -> ShardConverter.convert("/4", "4"))
                .isInstanceOf(TypeConversionException.class)
                .hasMessage("'4/4': a shard is i/N with 0 <= i < N, got 4/4 (JOB_COMPLETION_INDEX gave the index)");
    }
}
