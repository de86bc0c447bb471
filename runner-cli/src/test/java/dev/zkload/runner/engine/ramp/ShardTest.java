package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.cli.CliRun;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ShardTest {

    @Test
    void theSharesOfEveryTotalAddUpAndDifferByAtMostOne() {
        for (int n = 1; n <= 7; n++) {
            for (int total = 0; total <= 50; total++) {
                int sum = 0;
                int min = Integer.MAX_VALUE;
                int max = 0;
                for (int i = 0; i < n; i++) {
                    int share = new Shard(i, n).share(total);
                    sum += share;
                    min = Math.min(min, share);
                    max = Math.max(max, share);
                }
                assertThat(sum).as("total %d over %d shards", total, n).isEqualTo(total);
                assertThat(max - min).isLessThanOrEqualTo(1);
            }
        }
        // domain d is shard d mod N's: 0..6 over 3 shards are 0,1,2,0,1,2,0
        assertThat(new Shard(0, 3).share(7)).isEqualTo(3);
        assertThat(new Shard(2, 3).share(7)).isEqualTo(2);
        assertThat(new Shard(2, 3).share(2)).isZero();
    }

    @Test
    void stepsBeginOnTheSharedSchedule() {
        Instant t0 = Instant.parse("2026-11-22T20:00:00Z");
        assertThat(Shard.stepStart(t0, Duration.ofMinutes(10), 3)).isEqualTo(Instant.parse("2026-11-22T20:30:00Z"));
    }

    @Test
    void readsIOverNAndRejectsTheRest() {
        assertThat(Shard.parse(" 1 / 4 ")).isEqualTo(new Shard(1, 4));
        assertThatThrownBy(() -> Shard.parse("4/4"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0 <= i < N");
        assertThatThrownBy(() -> Shard.parse("a/b"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("write i/N");
        assertThatThrownBy(() -> Shard.parse("1")).hasMessageContaining("write i/N");
    }

    @Test
    void aShardWithoutItsScheduleIsBadUsage() {
        CliRun run = CliRun.of("--connect", "127.0.0.1:1", "--shard", "1/2");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("--shard 1/2 needs --start-at and a positive --step-interval");
        CliRun alone = CliRun.of("--connect", "127.0.0.1:1", "--step-interval", "1m");
        assertThat(alone.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(alone.err()).contains("only go with --shard");
    }
}
