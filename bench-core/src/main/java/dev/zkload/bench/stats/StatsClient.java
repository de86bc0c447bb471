package dev.zkload.bench.stats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLSocketFactory;

/**
 * Reads a server's own statistics: {@code mntr}, {@code srvr}, {@code cons} and {@code wchs} over the
 * four-letter-word port, falling back to the AdminServer's HTTP {@code /commands/*} when a word is
 * not whitelisted (ZooKeeper 3.5+ whitelists only {@code srvr} by default) or its connection fails
 * without the server being down or stalled; and its configuration ({@code conf}) and the ensemble's
 * membership the same way.
 *
 * <pre>{@code
 * StatsClient stats = new StatsClient(Duration.ofSeconds(2));
 * ServerStats s = stats.monitor(new ServerAddress("127.0.0.1", 2181));
 * long outstanding = s.outstandingRequests();
 * }</pre>
 *
 * <p>Immutable and thread-safe; every call makes its own connection, bounded by the timeout.
 *
 * <p>Each of the six readings parses both of its sources' answers here (or hands them to the record that holds
 * them), so that the two sources of one figure are read side by side.
 */
public final class StatsClient {
    private static final Pattern ZXID = Pattern.compile("^Zxid: 0x([0-9a-fA-F]+)", Pattern.MULTILINE);
    private static final Pattern MODE = Pattern.compile("^Mode: (\\S+)", Pattern.MULTILINE);
    private static final Pattern VERSION = Pattern.compile("version: ([^,\\n]+)");
    private static final Pattern WATCHES = Pattern.compile("^Total watches:(\\d+)", Pattern.MULTILINE);
    private static final Pattern WATCH_SUMMARY =
            Pattern.compile("^(\\d+) connections watching (\\d+) paths", Pattern.MULTILINE);
    private static final Pattern CONNECTION =
            Pattern.compile("^\\s*/([^:\\[]+):(\\d+)\\[\\d+\\]\\((.*)\\)\\s*$", Pattern.MULTILINE);
    private static final Pattern SID = Pattern.compile("sid=0x([0-9a-fA-F]+)");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The four-letter words a run samples: mntr every second, srvr for version, role and zxid, cons for sessions. */
    public static final List<String> NEEDED_WORDS = List.of("srvr", "mntr", "cons");

    private final Duration timeout;
    private final AdminUrls adminUrls;
    private final SSLSocketFactory tls;
    private final HttpClient http;

    /** @param timeout bounds every connect and read, per call */
    public StatsClient(Duration timeout) {
        this(timeout, AdminUrls.DEFAULT);
    }

    /**
     * @param timeout   bounds every connect and read, per call
     * @param adminUrls where the AdminServers answer when a four-letter word is refused; HTTPS ones are
     *                  trusted through the JVM's trust store ({@code -Djavax.net.ssl.trustStore=...})
     */
    public StatsClient(Duration timeout, AdminUrls adminUrls) {
        this(timeout, adminUrls, null);
    }

    /**
     * @param timeout   bounds every connect and read, per call
     * @param adminUrls where the AdminServers answer when a four-letter word is refused
     * @param tls       the client's TLS sockets ({@link ClientTls}) when the servers take clients over TLS
     *                  only, so four-letter words go over TLS too; null for plain connections
     */
    public StatsClient(Duration timeout, AdminUrls adminUrls, SSLSocketFactory tls) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
        this.timeout = timeout;
        this.adminUrls = java.util.Objects.requireNonNull(adminUrls, "adminUrls");
        this.tls = tls;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    /**
     * Finds out how this server's statistics can be read: each of {@link #NEEDED_WORDS} over the
     * client port, and the AdminServer for those it refuses.
     *
     * @throws IOException when the server's client port does not answer at all
     */
    public MetricAccess access(ServerAddress server) throws IOException, InterruptedException {
        List<String> refused = new ArrayList<>();
        String wordProblem = null;
        for (String word : NEEDED_WORDS) {
            FourLetterWords.Answer answer = ask(server, word);
            if (answer.refused()) {
                refused.add(word);
            } else if (!answer.answered() && wordProblem == null) {
                wordProblem = word + " over the client port failed: " + answer.failure();
            }
        }
        String adminUrl = null;
        String adminProblem = null;
        ServerStats.Source source = ServerStats.Source.FOUR_LETTER_WORD;
        if (!refused.isEmpty() || wordProblem != null) {
            adminUrl = adminUrls.base(server);
            source = ServerStats.Source.ADMIN_HTTP;
            try {
                for (String command : List.of("server_stats", "monitor", "connections")) {
                    admin(server, command);
                }
            } catch (IOException e) {
                adminProblem = e.getMessage();
                source = null;
            }
        }
        String version = null;
        ServerState state = ServerState.UNKNOWN;
        if ((!refused.contains("srvr") && wordProblem == null) || source != null) {
            ServerSummary summary = summary(server);
            version = summary.version().isEmpty() ? null : summary.version();
            state = summary.state();
        }
        return new MetricAccess(server, refused, wordProblem, adminUrl, adminProblem, source, version, state);
    }

    /**
     * {@code mntr}, or the AdminServer's {@code monitor} when mntr is refused.
     *
     * @throws java.net.ConnectException when the client port refuses: the server is down
     * @throws java.net.SocketTimeoutException as is (never wrapped) when the client port itself takes no
     *     connection or gives no answer in time: a hung server, told apart from a failing AdminServer
     */
    public ServerStats monitor(ServerAddress server) throws IOException, InterruptedException {
        FourLetterWords.Answer answer = ask(server, "mntr");
        if (answer.answered()) {
            return ServerStats.fromKeys(server, ServerStats.Source.FOUR_LETTER_WORD, parseMntr(answer.text()));
        }
        return ServerStats.fromKeys(
                server, ServerStats.Source.ADMIN_HTTP, flatten(adminInstead(server, "mntr", answer, "monitor")));
    }

    /** {@code srvr}: version, mode and the last zxid (its low 32 bits count the epoch's write transactions). */
    public ServerSummary summary(ServerAddress server) throws IOException, InterruptedException {
        FourLetterWords.Answer word = ask(server, "srvr");
        if (word.answered()) {
            String answer = word.text();
            Matcher v = VERSION.matcher(answer);
            Matcher m = MODE.matcher(answer);
            Matcher z = ZXID.matcher(answer);
            return new ServerSummary(
                    server,
                    v.find() ? v.group(1).trim() : "",
                    ServerState.parse(m.find() ? m.group(1) : null),
                    z.find() ? Long.parseUnsignedLong(z.group(1), 16) : -1);
        }
        JsonNode stats = adminInstead(server, "srvr", word, "server_stats");
        JsonNode serverStats = stats.path("server_stats");
        return new ServerSummary(
                server,
                stats.path("version").asText(""),
                ServerState.parse(
                        stats.path("server_stats").path("server_state").asText(null)),
                serverStats.path("last_processed_zxid").asLong(-1));
    }

    /** {@code wchs}: how many connections watch how many paths, and the total of watches. */
    public WatchSummary watchSummary(ServerAddress server) throws IOException, InterruptedException {
        FourLetterWords.Answer word = ask(server, "wchs");
        if (word.answered()) {
            String answer = word.text();
            Matcher s = WATCH_SUMMARY.matcher(answer);
            Matcher t = WATCHES.matcher(answer);
            if (!s.find() || !t.find()) {
                throw new IOException("unexpected wchs answer from " + server + ": " + answer.strip());
            }
            return new WatchSummary(Long.parseLong(s.group(1)), Long.parseLong(s.group(2)), Long.parseLong(t.group(1)));
        }
        JsonNode w = adminInstead(server, "wchs", word, "watch_summary");
        return new WatchSummary(
                w.path("num_connections").asLong(-1),
                w.path("num_paths").asLong(-1),
                w.path("num_total_watches").asLong(-1));
    }

    /** {@code cons}: the client connections of this server (session id and client address). */
    public List<Connection> connections(ServerAddress server) throws IOException, InterruptedException {
        FourLetterWords.Answer word = ask(server, "cons");
        List<Connection> result = new ArrayList<>();
        if (word.answered()) {
            Matcher c = CONNECTION.matcher(word.text());
            while (c.find()) {
                Matcher sid = SID.matcher(c.group(3));
                // the line of the cons request itself has no session
                if (sid.find()) {
                    result.add(new Connection(
                            Long.parseUnsignedLong(sid.group(1), 16), c.group(1), Integer.parseInt(c.group(2))));
                }
            }
            return result;
        }
        for (JsonNode conn : adminInstead(server, "cons", word, "connections").path("connections")) {
            String remote = conn.path("remote_socket_address").asText("");
            int colon = remote.lastIndexOf(':');
            String host = colon > 0 ? remote.substring(0, colon).replace("/", "") : remote;
            int port = colon > 0 ? Integer.parseInt(remote.substring(colon + 1)) : 0;
            String sid = conn.path("session_id").asText("");
            if (!sid.isEmpty()) {
                // the AdminServer writes session ids in decimal, cons in hex
                long id = sid.startsWith("0x") ? Long.parseUnsignedLong(sid.substring(2), 16) : Long.parseLong(sid);
                result.add(new Connection(id, host, port));
            }
        }
        return result;
    }

    /**
     * {@code conf}, or the AdminServer's {@code configuration} when conf gets no answer: the server's
     * settings, among them {@code maxClientCnxns}.
     *
     * @throws IOException naming how each of the two sources failed when neither answers
     */
    public ServerConfig configuration(ServerAddress server) throws IOException, InterruptedException {
        FourLetterWords.Answer word = ask(server, "conf");
        if (word.answered()) {
            return ServerConfig.fromConf(server, word.text());
        }
        return ServerConfig.fromAdmin(
                server, adminUrls.base(server), adminInstead(server, "conf", word, "configuration"));
    }

    /**
     * The ensemble's members as this server publishes them ({@link Membership}): {@code conf}'s {@code server.N}
     * lines, or the AdminServer's {@code voting_view} (the voters, among them the leader) when conf gets no answer.
     * The list is empty when the server publishes none (a standalone server, ZooKeeper before 3.5).
     *
     * @throws IOException naming how each of the two sources failed when neither answers
     */
    public Membership membership(ServerAddress server) throws IOException, InterruptedException {
        FourLetterWords.Answer word = ask(server, "conf");
        if (word.answered()) {
            return Membership.fromConf(ServerConfig.fromConf(server, word.text()));
        }
        JsonNode view = adminInstead(server, "conf", word, "voting_view");
        int ownPort = -1;
        try {
            ownPort = admin(server, "configuration").path("client_port").asInt(-1);
        } catch (IOException e) {
            // the members' own client addresses are listed from 3.6 on: this is only for a line without one
        }
        return Membership.fromVotingView(server, adminUrls.base(server), view, ownPort);
    }

    /**
     * True when the server accepts a connection from this address and closes it without a byte of
     * answer: what a server does with a connection past its {@code maxClientCnxns} (any other server
     * answers a four-letter word, if only to say it is not whitelisted). A server that is down, or
     * stalled and silent until the timeout, is not closing connections.
     */
    public boolean closesConnections(ServerAddress server) {
        try {
            return ask(server, "ruok").closed();
        } catch (IOException e) {
            return false; // down (the port refuses) or stalled (no answer in time): not closing connections
        }
    }

    private FourLetterWords.Answer ask(ServerAddress server, String word) throws IOException {
        return FourLetterWords.ask(server, word, timeout, tls);
    }

    /** The AdminServer's answer when the word got none; failing, says how each of the two sources failed. */
    private JsonNode adminInstead(ServerAddress server, String word, FourLetterWords.Answer answer, String command)
            throws IOException, InterruptedException {
        try {
            return admin(server, command);
        } catch (IOException e) {
            String first = answer.refused()
                    ? "\"" + word + "\" is not in 4lw.commands.whitelist and "
                    : word + " over the client port " + server.hostPort() + " failed: " + answer.failure() + "; and ";
            throw new IOException(first + e.getMessage(), e);
        }
    }

    private JsonNode admin(ServerAddress server, String command) throws IOException, InterruptedException {
        URI uri = adminUrls.command(server, command);
        HttpResponse<String> response;
        try {
            response = http.send(
                    HttpRequest.newBuilder(uri).timeout(timeout).GET().build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IOException("no AdminServer answers at " + uri + " (" + describe(e) + ")", e);
        }
        if (response.statusCode() != 200) {
            throw new IOException("AdminServer " + uri + " answered HTTP " + response.statusCode());
        }
        JsonNode node = JSON.readTree(response.body());
        if (node.hasNonNull("error")) {
            throw new IOException(
                    "AdminServer " + uri + " answered: " + node.get("error").asText());
        }
        return node;
    }

    /** The JDK's HTTP client often throws with no message ("null"): say what happened instead. */
    private static String describe(IOException e) {
        if (e instanceof java.net.ConnectException) {
            return "connection refused";
        }
        if (e instanceof java.net.http.HttpTimeoutException) {
            return "timed out";
        }
        if (e instanceof javax.net.ssl.SSLException) {
            return "TLS failed: " + e.getMessage();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    static Map<String, String> parseMntr(String answer) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (String line : answer.split("\n", -1)) {
            int tab = line.indexOf('\t');
            if (tab > 0) {
                keys.put(line.substring(0, tab).trim(), line.substring(tab + 1).trim());
            }
        }
        return keys;
    }

    private static Map<String, String> flatten(JsonNode monitor) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> f : monitor.properties()) {
            if (f.getValue().isValueNode()) {
                keys.put(f.getKey(), f.getValue().asText());
            }
        }
        return keys;
    }

    /**
     * What {@code srvr} says.
     *
     * @param zxid the last zxid, -1 when unknown
     */
    public record ServerSummary(ServerAddress server, String version, ServerState state, long zxid) {}

    /** What {@code wchs} says. */
    public record WatchSummary(long connections, long paths, long totalWatches) {}

    /**
     * One client connection from {@code cons}.
     *
     * @param sessionId the session, as ZooKeeper numbers it
     */
    public record Connection(long sessionId, String clientHost, int clientPort) {}
}
