package dev.zkload.runner.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zkload.bench.result.ResultJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a file of one JSON record per line, as a run appends them. A run that was stopped while
 * writing may leave half a last line: it is skipped with a note, as is any other line that does not
 * parse, so that what was saved can always be read.
 */
final class JsonLines {
    private static final ObjectMapper JSON = ResultJson.compact();

    private JsonLines() {}

    /**
     * Reads every record of {@code file}.
     *
     * @param what  what one record is, for the notes (e.g. "step")
     * @param notes receives one sentence per line skipped
     * @return the records in file order; empty if the file is absent
     */
    static <T> List<T> read(Path file, Class<T> type, String what, List<String> notes) throws IOException {
        List<T> records = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return records;
        }
        String name = file.getFileName().toString();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        int last = lines.size();
        while (last > 0 && lines.get(last - 1).isBlank()) {
            last--;
        }
        for (int i = 0; i < last; i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            try {
                records.add(JSON.readValue(line, type));
            } catch (JsonProcessingException e) {
                notes.add(
                        i == last - 1
                                ? name + " line " + (i + 1) + " is incomplete (the run was probably stopped while"
                                        + " writing it) and was skipped."
                                : name + " line " + (i + 1) + " is not a valid " + what + " (" + e.getOriginalMessage()
                                        + ") and was skipped.");
            }
        }
        return records;
    }
}
