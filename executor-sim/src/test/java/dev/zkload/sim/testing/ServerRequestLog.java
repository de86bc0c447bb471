package dev.zkload.sim.testing;

import static org.awaitility.Awaitility.await;

import dev.zkload.bench.testing.Timeouts;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;

/**
 * Every request a forked ZooKeeper server answered, from its own log: ZooKeeper's
 * {@code FinalRequestProcessor} traces each request it answers (session, type, path) at TRACE,
 * pings excepted. Start the server with {@link #jvmFlags()}; then a {@link Window} opened and closed
 * by marker requests of an observer session holds exactly the requests the server answered in
 * between, in the server's order, the observer's own left out. What the server answered is the
 * proof; what the clients think they sent is not.
 */
public final class ServerRequestLog implements Closeable {
    private static final Pattern REQUEST = Pattern.compile(":Esessionid:0x(\\p{XDigit}+) type:(\\w+) .*reqpath:(\\S*)");

    private final Path dir;
    private final Path log;
    private final Path config;

    private ServerRequestLog(Path dir) throws IOException {
        this.dir = dir;
        this.log = dir.resolve("requests.log");
        this.config = dir.resolve("server-logback.xml");
        Files.writeString(config, """
                <configuration>
                  <appender name="REQUESTS" class="ch.qos.logback.core.FileAppender">
                    <file>%s</file>
                    <filter class="ch.qos.logback.classic.filter.LevelFilter">
                      <level>TRACE</level><onMatch>ACCEPT</onMatch><onMismatch>DENY</onMismatch>
                    </filter>
                    <encoder><pattern>%%msg%%n</pattern></encoder>
                  </appender>
                  <appender name="STDERR" class="ch.qos.logback.core.ConsoleAppender">
                    <target>System.err</target>
                    <encoder><pattern>%%d{HH:mm:ss.SSS} %%-5level [%%thread] %%logger{36} - %%msg%%n</pattern></encoder>
                  </appender>
                  <logger name="org.apache.zookeeper.server.FinalRequestProcessor" level="TRACE" additivity="false">
                    <appender-ref ref="REQUESTS"/>
                  </logger>
                  <root level="WARN"><appender-ref ref="STDERR"/></root>
                </configuration>
                """.formatted(log));
    }

    /** A log in a new temporary directory, deleted at {@link #close()}. */
    public static ServerRequestLog create() throws IOException {
        return new ServerRequestLog(Files.createTempDirectory("zkload-requests"));
    }

    /** The server JVM's flags that make it write this log (its classpath must hold Logback, as the tests' does). */
    public List<String> jvmFlags() {
        return List.of("-Dlogback.configurationFile=" + config);
    }

    /** Opens a window now: the server answers a marker request of {@code observer} first. */
    public Window begin(ZooKeeper observer) throws KeeperException, InterruptedException {
        String marker = "/zkload-window-" + UUID.randomUUID();
        observer.exists(marker + "-begin", false);
        return new Window(observer, marker);
    }

    @Override
    public void close() throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** An open window; {@link #end()} closes it, {@link #requests()} reads what it holds. */
    public final class Window {
        private final ZooKeeper observer;
        private final String marker;

        private Window(ZooKeeper observer, String marker) {
            this.observer = observer;
            this.marker = marker;
        }

        /**
         * Closes the window now with a second marker. Call it where the caller's own window ends, before the
         * reads it compares with the trace (made at both ends in the same order): reads made before it would
         * stretch the trace past the caller's window.
         */
        public void end() throws KeeperException, InterruptedException {
            observer.exists(marker + "-end", false);
        }

        /** The requests between the two markers, once the server has logged the second ({@link #end()} first). */
        public Requests requests() throws IOException {
            await().atMost(Timeouts.seconds(10)).until(() -> read().ended);
            return read().requests;
        }

        private Reading read() throws IOException {
            List<Request> in = new ArrayList<>();
            boolean inside = false;
            long me = observer.getSessionId();
            // ISO-8859-1: multi requests' paths are logged as whatever bytes the server took for them
            for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
                Matcher m = REQUEST.matcher(line);
                if (!m.find()) {
                    continue;
                }
                String path = m.group(3);
                if (path.equals(marker + "-begin")) {
                    inside = true;
                } else if (path.equals(marker + "-end")) {
                    return new Reading(true, new Requests(in));
                } else if (inside && Long.parseUnsignedLong(m.group(1), 16) != me) {
                    in.add(new Request(Long.parseUnsignedLong(m.group(1), 16), m.group(2), path));
                }
            }
            return new Reading(false, null);
        }
    }

    private record Reading(boolean ended, Requests requests) {}

    /**
     * One request the server answered.
     *
     * @param session its session id
     * @param type    ZooKeeper's name of the operation: exists, getData, getChildren, create, multi, …
     * @param path    the znode path (meaningless for a multi)
     */
    public record Request(long session, String type, String path) {
        /** exists, getData or getChildren. */
        public boolean isRead() {
            return type.equals("exists") || type.equals("getData") || type.startsWith("getChildren");
        }
    }

    /** The requests of a window. */
    public record Requests(List<Request> all) {
        public long count(Predicate<Request> which) {
            return all.stream().filter(which).count();
        }

        /** How many of each type and path shape, e.g. {@code exists <job>/execution/K/running}, sorted. */
        public Map<String, Long> byShape(Function<String, String> shapeOfPath) {
            Map<String, Long> shapes = new TreeMap<>();
            for (Request r : all) {
                String shape = r.type().equals("multi") ? "" : shapeOfPath.apply(r.path());
                shapes.merge(r.type() + " " + shape, 1L, Long::sum);
            }
            return shapes;
        }
    }
}
