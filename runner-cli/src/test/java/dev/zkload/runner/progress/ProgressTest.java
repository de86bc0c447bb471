package dev.zkload.runner.progress;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProgressTest {
    @Test
    void aLiveLineLongerThanTheTerminalIsCutInsteadOfWrapping() {
        StringWriter out = new StringWriter();
        Progress narrow = new Progress(new PrintWriter(out, true), true, 40, Duration.ofSeconds(10));
        narrow.status("%s", "x".repeat(100));
        String drawn = out.toString().replace("\r", "");
        assertThat(drawn.length()).isLessThan(40);
        assertThat(drawn).endsWith("…");
    }

    @Test
    void aLogLineWrittenWhileTheStatusLineIsDrawnGoesAboveItAndTheStatusLineIsDrawnAgain() {
        StringWriter console = new StringWriter();
        Progress progress = new Progress(new PrintWriter(console), true, 80, Duration.ofSeconds(10));
        progress.status("step 1/4 100 dom: settling");
        int drawn = console.toString().length();
        String status = console.toString().substring(1); // after its carriage return

        // the log writes to the same terminal, through the appender logback.xml names
        StringWriter log = new StringWriter();
        Progress.aboveStatus(() -> log.write("WARN server stopped giving its statistics\n"));
        String after = console.toString().substring(drawn);
        assertThat(after)
                .as("cleared before the log line, drawn again after it")
                .isEqualTo("\r" + " ".repeat(status.length()) + "\r" + status);
        assertThat(log.toString()).isEqualTo("WARN server stopped giving its statistics\n");
    }

    @Test
    void theAppenderWritesItsEventAboveTheStatusLine() {
        StringWriter console = new StringWriter();
        Progress progress = new Progress(new PrintWriter(console), true, 80, Duration.ofSeconds(10));
        progress.status("measuring");
        PrintStream original = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        LoggerContext context = new LoggerContext();
        context.setMDCAdapter(new ch.qos.logback.classic.util.LogbackMDCAdapter());
        try {
            PatternLayoutEncoder encoder = new PatternLayoutEncoder();
            encoder.setContext(context);
            encoder.setPattern("%level %msg%n");
            encoder.start();
            StatusLineAppender<ILoggingEvent> appender = new StatusLineAppender<>();
            appender.setContext(context);
            appender.setTarget("System.err");
            appender.setEncoder(encoder);
            appender.start();
            Logger logger = context.getLogger("test");
            logger.addAppender(appender);
            logger.warn("server 127.0.0.1:2181 stopped giving its statistics");
            appender.stop();
        } finally {
            System.setErr(original);
            context.stop();
        }
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo("WARN server 127.0.0.1:2181 stopped giving its statistics" + System.lineSeparator());
        assertThat(console.toString())
                .as("cleared for the log line, then drawn again")
                .containsPattern("\r {19}\r\\[0:00:0\\d\\] measuring$");
    }
}
