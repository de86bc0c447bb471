package dev.zkload.bench.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuShareTest {
    @Test
    void cgroupV2QuotaIsQuotaOverPeriod(@TempDir Path dir) throws Exception {
        assertThat(CpuShare.v2(Files.writeString(dir.resolve("cpu.max"), "20000 100000\n")))
                .contains(0.2);
        assertThat(CpuShare.v2(Files.writeString(dir.resolve("cpu.max"), "max 100000\n")))
                .isEmpty();
        assertThat(CpuShare.v2(dir.resolve("absent"))).isEmpty();
    }

    @Test
    void cgroupV1QuotaIsQuotaOverPeriodAndMinusOneIsNone(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("cpu.cfs_period_us"), "100000\n");
        Files.writeString(dir.resolve("cpu.cfs_quota_us"), "150000\n");
        assertThat(CpuShare.v1(dir)).contains(1.5);
        Files.writeString(dir.resolve("cpu.cfs_quota_us"), "-1\n");
        assertThat(CpuShare.v1(dir)).isEmpty();
    }

    @Test
    void theShareNeverExceedsTheAvailableProcessors() {
        assertThat(CpuShare.cores())
                .isPositive()
                .isLessThanOrEqualTo(Runtime.getRuntime().availableProcessors());
    }
}
