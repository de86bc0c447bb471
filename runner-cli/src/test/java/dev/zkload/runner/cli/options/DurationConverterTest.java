package dev.zkload.runner.cli.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class DurationConverterTest {
    private final DurationConverter converter = new DurationConverter();

    @Test
    void readsOperatorStyleAndIsoDurations() {
        assertThat(converter.convert("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(converter.convert("60s")).isEqualTo(Duration.ofSeconds(60));
        assertThat(converter.convert("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(converter.convert("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(converter.convert("PT1M30S")).isEqualTo(Duration.ofSeconds(90));
        assertThat(converter.convert("pt5s")).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void rejectsGarbageWithExamples() {
        assertThatThrownBy(() -> converter.convert("soon"))
                .isInstanceOf(TypeConversionException.class)
                .hasMessageContaining("'soon' is not a duration");
        assertThatThrownBy(() -> converter.convert("-5s")).isInstanceOf(TypeConversionException.class);
    }
}
