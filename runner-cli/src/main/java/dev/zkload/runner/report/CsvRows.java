package dev.zkload.runner.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads a CSV file with a header into rows addressed by column name, so a column added or moved by
 * the sampler does not shift what the report reads. Understands double-quoted cells with doubled
 * quotes inside (what bench-core's sampler writes for error texts); a row cut short by a killed
 * writer simply lacks its last cells.
 */
final class CsvRows {
    private CsvRows() {
    }

    /** One data row; {@code get} answers null for a column the file does not have or the row lacks. */
    interface Row {
        String get(String column);
    }

    /** Streams the rows to {@code consumer}, so a long run's file is never held in memory as text. */
    static void read(Path file, Consumer<Row> consumer) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String headerLine = in.readLine();
            if (headerLine == null) {
                return;
            }
            Map<String, Integer> columns = new HashMap<>();
            List<String> header = split(headerLine);
            for (int i = 0; i < header.size(); i++) {
                columns.put(header.get(i).trim(), i);
            }
            String line;
            while ((line = in.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                List<String> cells = split(line);
                consumer.accept(column -> {
                    Integer i = columns.get(column);
                    return i == null || i >= cells.size() ? null : cells.get(i);
                });
            }
        }
    }

    static List<String> split(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString());
        return cells;
    }
}
