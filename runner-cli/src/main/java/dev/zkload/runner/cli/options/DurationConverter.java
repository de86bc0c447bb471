package dev.zkload.runner.cli.options;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads durations the way operators write them: {@code 500ms}, {@code 60s}, {@code 2m}, {@code 1h}, or ISO {@code PT1M}. */
public final class DurationConverter implements ITypeConverter<Duration> {
    private static final Pattern SIMPLE = Pattern.compile("(\\d+)\\s*(ms|s|m|h)");

    @Override
    public Duration convert(String value) {
        String text = value.trim().toLowerCase(java.util.Locale.ROOT);
        Matcher m = SIMPLE.matcher(text);
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            return switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                default -> Duration.ofHours(n);
            };
        }
        try {
            return Duration.parse(value.trim().toUpperCase(java.util.Locale.ROOT));
        } catch (DateTimeParseException e) {
            throw new TypeConversionException("'" + value + "' is not a duration (examples: 500ms, 60s, 2m, 1h, PT1M)");
        }
    }
}
