package dev.zkload.runner.engine.disrupt;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * {@code timeline.csv}: every sample round of every level, from its settling to its recovery, with the
 * seconds from the fault (negative before it), so that a level's course can be drawn or read. The
 * consoles' reshards and their writes, and the sessions' losses, are counted from the level's first round.
 */
final class TimelineCsv {
    static final String FILE = "timeline.csv";
    private static final String HEADER = "domains,secondsFromFault,leads,silent,serversAnswering,servers,"
            + "sessionsConnected,sessionsExpected,ephemerals,watches,leaderOutstanding,reshards,reshardWrites,sessionsLost";

    private final Path path;

    TimelineCsv(Path path) throws IOException {
        this.path = path;
        Files.writeString(path, HEADER + "\n", StandardCharsets.UTF_8);
    }

    void append(long domains, Instant fault, List<Moment> rounds) throws IOException {
        if (rounds.isEmpty()) {
            return;
        }
        Moment first = rounds.get(0);
        try (BufferedWriter w = Files.newBufferedWriter(path, StandardCharsets.UTF_8, StandardOpenOption.APPEND)) {
            for (Moment m : rounds) {
                w.write(String.format(
                        Locale.ROOT,
                        "%d,%.1f,%s,%s,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d%n",
                        domains,
                        Duration.between(fault, m.time()).toMillis() / 1000.0,
                        m.leads(),
                        m.silent(),
                        m.serversAnswering(),
                        m.servers(),
                        m.sessionsConnected(),
                        m.sessionsExpected(),
                        m.ephemerals(),
                        m.watches(),
                        m.leaderOutstanding(),
                        m.reshards() - first.reshards(),
                        m.reshardWrites() - first.reshardWrites(),
                        m.sessionsLost() - first.sessionsLost()));
            }
        }
    }
}
