package dev.zkload.runner.cli;

import dev.zkload.runner.LeftOnQuit;
import dev.zkload.runner.engine.run.RunListener;
import dev.zkload.runner.progress.Progress;
import java.io.PrintWriter;
import java.time.Duration;

/**
 * A run told on the console: its lines and live status through {@link Progress}, and the tree a quit would leave
 * remembered for the second Ctrl-C, which prints the command that removes it ({@link LeftOnQuit}).
 */
final class ConsoleListener implements RunListener {
    private final Progress progress;

    ConsoleListener(Progress progress) {
        this.progress = progress;
    }

    /** Lines printed as they come, with no live status drawn: where another line owns the status. */
    static ConsoleListener printing(PrintWriter console) {
        return new ConsoleListener(new Progress(console, false, Integer.MAX_VALUE, Duration.ofSeconds(10)));
    }

    @Override
    public void line(String text) {
        progress.line(text);
    }

    @Override
    public void status(String text) {
        progress.status(text);
    }

    @Override
    public void treeLeftIfQuit(String cleanCommand) {
        LeftOnQuit.remember(cleanCommand);
    }

    @Override
    public void treeRemoved(String cleanCommand) {
        LeftOnQuit.forget(cleanCommand);
    }
}
