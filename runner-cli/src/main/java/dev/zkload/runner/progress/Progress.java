package dev.zkload.runner.progress;

import dev.zkload.runner.text.Durations;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * User-facing progress of a long command. On a terminal one status line is redrawn in place
 * (carriage return, padded to erase the previous one); elsewhere (CI logs, pipes, tests) plain
 * lines are printed, and a status line at most every {@code plainEvery}, so logs stay readable.
 */
public final class Progress {
    private final PrintWriter out;
    private final boolean terminal;
    private final int width;
    private final Duration plainEvery;
    private final Instant start = Instant.now();
    private int lastWidth;
    private String lastText = "";
    private Instant lastPlain = Instant.EPOCH;
    /** The status line drawn on a terminal now, which a log line must not write into ({@link #aboveStatus}). */
    private static volatile Progress live;

    /** @param width columns of the terminal: a live line longer than that would wrap into a new line each redraw */
    public Progress(PrintWriter out, boolean terminal, int width, Duration plainEvery) {
        this.out = out;
        this.terminal = terminal;
        this.width = width;
        this.plainEvery = plainEvery;
    }

    /** Progress for the real console: a live line only when both stdout and stdin are a terminal. */
    public static Progress forConsole(PrintWriter out) {
        boolean terminal = isTerminal(System.console());
        return new Progress(
                out, terminal, terminal ? TerminalWidth.columns() : Integer.MAX_VALUE, Duration.ofSeconds(10));
    }

    /**
     * Up to JDK 21 a console exists only when stdin and stdout are a terminal; from JDK 22 one always
     * exists and says whether it is one ({@code Console.isTerminal}, looked up so that JDK 17 runs too).
     */
    static boolean isTerminal(java.io.Console console) {
        if (console == null) {
            return false;
        }
        try {
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
        } catch (NoSuchMethodException e) {
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }

    /** A line that stays: a phase starting or ending, a result. */
    public synchronized void line(String text) {
        clearStatus();
        out.println(text);
        out.flush();
    }

    /** {@link #line(String)}, formatted with {@link Locale#ROOT}. */
    public void line(String format, Object... args) {
        line(String.format(Locale.ROOT, format, args));
    }

    /** {@link #status(String)}, formatted with {@link Locale#ROOT}. */
    public void status(String format, Object... args) {
        status(String.format(Locale.ROOT, format, args));
    }

    /** The live status; redrawn on a terminal, printed now and then otherwise. */
    public synchronized void status(String status) {
        String text = "[" + Durations.clock(Duration.between(start, Instant.now())) + "] " + status;
        if (terminal) {
            if (text.length() >= width) {
                text = text.substring(0, Math.max(0, width - 2)) + "…";
            }
            int pad = Math.max(0, lastWidth - text.length());
            out.print("\r" + text + " ".repeat(pad));
            lastWidth = text.length();
            lastText = text;
            out.flush();
            live = this;
        } else if (Instant.now().isAfter(lastPlain.plus(plainEvery))) {
            lastPlain = Instant.now();
            out.println(text);
            out.flush();
        }
    }

    private void clearStatus() {
        if (terminal && lastWidth > 0) {
            out.print("\r" + " ".repeat(lastWidth) + "\r");
            out.flush();
            lastWidth = 0;
            lastText = "";
        }
    }

    /**
     * Writes a line of another writer (the log's, on stderr) above the live status line instead of into
     * it: the line is cleared first and drawn again after.
     */
    public static void aboveStatus(Runnable write) {
        Progress p = live;
        if (p == null) {
            write.run();
            return;
        }
        synchronized (p) {
            String text = p.lastText;
            p.clearStatus();
            write.run();
            if (!text.isEmpty()) {
                p.out.print(text);
                p.out.flush();
                p.lastWidth = text.length();
                p.lastText = text;
            }
        }
    }
}
