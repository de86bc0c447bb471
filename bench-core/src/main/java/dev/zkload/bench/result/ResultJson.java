package dev.zkload.bench.result;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The one JSON configuration of zkload's result files: ISO-8601 instants, ISO durations, records
 * written with their component order, unknown fields ignored on reading (newer files stay readable).
 */
public final class ResultJson {
    private static final ObjectMapper COMPACT = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private static final ObjectMapper PRETTY = COMPACT.copy().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultJson() {}

    /** One line per value: for {@code .jsonl} files. */
    public static ObjectMapper compact() {
        return COMPACT;
    }

    /** Indented: for {@code .json} files people read. */
    public static ObjectMapper pretty() {
        return PRETTY;
    }
}
