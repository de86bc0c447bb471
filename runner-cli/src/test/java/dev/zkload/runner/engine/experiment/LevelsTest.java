package dev.zkload.runner.engine.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LevelsTest {
    @Test
    void suffixesAreThousandsAndMillionsOrPowersOf1024() {
        assertThat(Levels.parse("0, 100k,1.5m,1m,2KiB,1MiB"))
                .containsExactly(
                        new Level("0", 0),
                        new Level("100k", 100_000),
                        new Level("1.5m", 1_500_000),
                        new Level("1m", 1_000_000),
                        new Level("2KiB", 2048),
                        new Level("1MiB", 1_048_576));
    }

    @Test
    void anythingElseIsNamedInTheError() {
        assertThatThrownBy(() -> Levels.parse("1k,,2k"))
                .hasMessage("'' is not a number like 500, 100k or 1m (in '1k,,2k')");
        assertThatThrownBy(() -> Levels.parse("0.5k1")).hasMessageContaining("'0.5k1'");
        assertThatThrownBy(() -> Levels.parse("1.5")).hasMessageContaining("'1.5' is not a whole number");
        assertThatThrownBy(() -> Levels.parse("9999999999g")).hasMessageContaining("below 2^62");
    }

    @Test
    void theNewestSnapshotIsTheHighestZxidNotTheNewestFile(@TempDir Path data) throws Exception {
        Path dir = Files.createDirectories(data.resolve("version-2"));
        Files.write(dir.resolve("snapshot.1f"), new byte[30]);
        Files.write(dir.resolve("snapshot.a"), new byte[10]);
        Files.write(dir.resolve("log.20"), new byte[99]);
        assertThat(SnapshotFiles.newestSize(data)).contains(30L);
        assertThat(SnapshotFiles.zxid(dir.resolve("snapshot.ff.snappy"))).isEqualTo(255);
        assertThat(SnapshotFiles.newestSize(data.resolve("absent"))).isEmpty();
    }
}
