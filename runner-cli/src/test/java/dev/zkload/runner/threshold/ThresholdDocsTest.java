package dev.zkload.runner.threshold;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/thresholds.md names every metric a command's --threshold accepts, so a user never has to guess one. */
class ThresholdDocsTest {
    private static final Path DOC = Path.of("").toAbsolutePath().getParent().resolve("docs/thresholds.md");

    @Test
    void everyMetricOfEveryCommandIsDocumented() throws IOException {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        List<Catalog> catalogs = List.of(
                Catalogs.RAMP,
                Catalogs.LATENCY,
                Catalogs.SIMULATE,
                Catalogs.CONNECTIONS,
                Catalogs.ZNODES,
                Catalogs.DATA_SIZE,
                Catalogs.watches("watches"),
                Catalogs.MAX_RATE,
                Catalogs.DISRUPT);
        for (Catalog catalog : catalogs) {
            for (Metric metric : catalog.metrics()) {
                String name = metric.percentile() ? "pN" : metric.name();
                assertThat(doc).as(catalog.command() + "'s " + name).contains("`" + name);
            }
        }
    }
}
