package dev.zkload.runner.progress;

import ch.qos.logback.core.ConsoleAppender;

/**
 * The log's console appender (logback.xml): a warning written while a status line is drawn on the
 * terminal goes on a line of its own above it, rather than after the status line's last character.
 *
 * @param <E> the logging event
 */
public final class StatusLineAppender<E> extends ConsoleAppender<E> {
    @Override
    protected void subAppend(E event) {
        Progress.aboveStatus(() -> super.subAppend(event));
    }
}
