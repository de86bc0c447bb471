package dev.zkload.runner.progress;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The terminal's width in columns: {@code COLUMNS} when the shell exports it, else what {@code stty}
 * says of the controlling terminal, else 80. The JDK has no API for it; picocli's own help width
 * detection asks {@code stty} the same way.
 */
final class TerminalWidth {
    static final int DEFAULT = 80;

    private TerminalWidth() {}

    static int columns() {
        Integer fromEnv = parse(System.getenv("COLUMNS"));
        if (fromEnv != null) {
            return fromEnv;
        }
        File tty = new File("/dev/tty");
        if (!tty.canRead()) {
            return DEFAULT;
        }
        try {
            Process stty = new ProcessBuilder("stty", "size")
                    .redirectInput(tty)
                    .redirectErrorStream(true)
                    .start();
            if (!stty.waitFor(1, TimeUnit.SECONDS)) {
                stty.destroyForcibly();
                return DEFAULT;
            }
            String[] rowsColumns = new String(stty.getInputStream().readAllBytes(), StandardCharsets.US_ASCII)
                    .trim()
                    .split("\\s+", -1);
            Integer columns = rowsColumns.length == 2 ? parse(rowsColumns[1]) : null;
            return columns != null ? columns : DEFAULT;
        } catch (IOException e) {
            return DEFAULT;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return DEFAULT;
        }
    }

    private static Integer parse(String text) {
        try {
            int n = text == null ? 0 : Integer.parseInt(text.trim());
            return n >= 20 ? n : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
