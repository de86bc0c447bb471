package dev.zkload.runner.engine.resources;

import dev.zkload.bench.stats.PrometheusEndpoint;
import dev.zkload.runner.RunFailure;
import dev.zkload.zk.connect.ConnectString;
import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.io.Serial;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Where the Prometheus endpoints of servers on other machines are looked for: the process CPU and GC that zkload
 * reads from {@code /proc} for a server on this machine, a remote server's ZooKeeper tells through its own metrics
 * provider (3.6 and later). One template, {@code {host}} standing for each server's host, covers servers that serve
 * their metrics on one port; {@code HOST:PORT=URL} names one server's endpoint by its client address, for servers
 * that share a host on ports of their own. An endpoint the user gave must answer, as a server's statistics must;
 * one looked for at its default place and not found leaves those figures unobserved, and the run says so.
 */
public final class PrometheusLookup {
    /** Not looked for: a command that reads no server's process. */
    public static final PrometheusLookup NONE = new PrometheusLookup(null, false, Map.of());

    /** A comma that begins another entry, a URL or a {@code HOST:PORT=}: a comma inside a URL's path does not. */
    private static final Pattern NEXT_ENTRY = Pattern.compile(",(?=\\s*(?:https?://|[^,/=]+=))");

    private final String template;
    private final boolean given;
    private final Map<String, String> named;

    PrometheusLookup(String template, boolean given) {
        this(template, given, Map.of());
    }

    /**
     * @param template where every server not named is looked for; null for {@link #NONE}
     * @param given    the user gave the template: it must answer
     * @param named    the user's endpoint of each server named, by host:port: it must answer
     */
    private PrometheusLookup(String template, boolean given, Map<String, String> named) {
        this.template = template;
        this.given = given;
        this.named = Map.copyOf(named);
    }

    /** Looked for where ZooKeeper serves it by default: {@code http://{host}:7000/metrics}. */
    public static PrometheusLookup discover() {
        return new PrometheusLookup(PrometheusEndpoint.DEFAULT_TEMPLATE, false, Map.of());
    }

    /**
     * Read where the user says, {@code {host}} standing for each server's host.
     *
     * @throws IllegalArgumentException when the template is not an http(s) URL
     */
    public static PrometheusLookup given(String template) {
        return new PrometheusLookup(url(template), true, Map.of());
    }

    /**
     * Read where the option's values say: at most one template, and any number of {@code HOST:PORT=URL} entries,
     * each value one of them or several separated by commas. Servers no entry names are looked for at the template,
     * or, without one, where ZooKeeper serves it by default.
     *
     * @throws IllegalArgumentException in one sentence, naming the entry that is wrong
     */
    public static PrometheusLookup of(List<String> values) {
        String template = null;
        Map<String, String> named = new LinkedHashMap<>();
        for (String entry : entries(values)) {
            // HOST:PORT=URL has its '=' before any "://"; a template's query string has its after
            int eq = entry.indexOf('=');
            int scheme = entry.indexOf("://");
            if (eq > 0 && (scheme < 0 || eq < scheme)) {
                String server = server(entry.substring(0, eq).strip(), entry);
                if (named.put(server, url(entry.substring(eq + 1).strip())) != null) {
                    throw new IllegalArgumentException("names " + server + " twice");
                }
            } else if (template != null) {
                throw new IllegalArgumentException("takes one template ({host} standing for each server's host), got "
                        + template + " and " + entry + "; name the servers whose endpoints differ one by one, as"
                        + " HOST:PORT=URL");
            } else {
                template = url(entry);
            }
        }
        if (template == null && named.isEmpty()) {
            throw new IllegalArgumentException("names no endpoint");
        }
        return new PrometheusLookup(
                template == null ? PrometheusEndpoint.DEFAULT_TEMPLATE : template, template != null, named);
    }

    /** Every entry of the values, in order: a value may hold several, separated by commas. */
    private static List<String> entries(List<String> values) {
        return values.stream()
                .flatMap(v -> Arrays.stream(NEXT_ENTRY.split(v, -1)))
                .map(String::strip)
                .filter(e -> !e.isEmpty())
                .toList();
    }

    /** The host:port of a named entry, as the target's servers are named. */
    private static String server(String hostPort, String entry) {
        String wrong = entry + " does not name one server as HOST:PORT=URL";
        if (!hostPort.matches(".*:\\d+")) {
            throw new IllegalArgumentException(wrong + " (no client port after the host)");
        }
        ConnectString parsed;
        try {
            parsed = ConnectString.parse(hostPort);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(wrong + " (" + e.getMessage() + ")", e);
        }
        if (parsed.servers().size() != 1 || !parsed.chroot().isEmpty()) {
            throw new IllegalArgumentException(wrong);
        }
        return parsed.servers().get(0).hostPort();
    }

    /** The URL as given, checked to be an http(s) one. */
    private static String url(String text) {
        URI u;
        try {
            u = URI.create(text.replace("{host}", "host"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a URL: " + text, e);
        }
        if (!("http".equals(u.getScheme()) || "https".equals(u.getScheme())) || u.getHost() == null) {
            throw new IllegalArgumentException("not an http(s) URL: " + text
                    + " (e.g. http://{host}:7000/metrics, {host} standing for each server's host, or"
                    + " 10.0.0.5:2182=http://10.0.0.5:7002/metrics for one server)");
        }
        return text;
    }

    /**
     * The endpoint of each server that does not run on this machine, by host:port; none for an embedded ensemble.
     *
     * @param servers every server the run reads
     * @param warn    where to say what was not found, or that an endpoint given is read for no server
     * @throws UnknownServer when an entry names a server the run does not read
     * @throws RunFailure    when an endpoint the user gave does not answer as a ZooKeeper's
     */
    public Map<String, PrometheusEndpoint> find(List<ServerAddress> servers, boolean embedded, Consumer<String> warn)
            throws InterruptedException {
        if (template == null || embedded) {
            return Map.of();
        }
        Set<String> read = servers.stream().map(ServerAddress::hostPort).collect(Collectors.toSet());
        List<String> unknown =
                named.keySet().stream().filter(s -> !read.contains(s)).sorted().toList();
        if (!unknown.isEmpty()) {
            throw new UnknownServer(unknown, servers);
        }
        return endpoints(
                servers.stream().filter(s -> !ServerProcesses.onThisMachine(s)).toList(), warn);
    }

    /** The endpoint of each of {@code remote}, by host:port. */
    Map<String, PrometheusEndpoint> endpoints(List<ServerAddress> remote, Consumer<String> warn)
            throws InterruptedException {
        Map<String, PrometheusEndpoint> found = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        for (ServerAddress s : remote) {
            String url = named.get(s.hostPort());
            PrometheusEndpoint e = PrometheusEndpoint.of(url != null ? url : template, s);
            try {
                e.read();
                found.put(s.hostPort(), e);
            } catch (IOException x) {
                if (url != null || given) {
                    throw new RunFailure(
                            "--server-prometheus: " + x.getMessage()
                                    + "; start ZooKeeper's Prometheus metrics provider on " + s.hostPort()
                                    + " (metricsProvider.className in zoo.cfg), or leave the option out",
                            x);
                }
                missing.add(s.hostPort());
            }
        }
        if (!missing.isEmpty()) {
            warn.accept("no Prometheus endpoint at " + template + " for " + String.join(", ", missing)
                    + ": their CPU and GC will not be observed (give --server-prometheus URL, or HOST:PORT=URL for"
                    + " each server, where ZooKeeper's metrics provider serves them)");
        } else if ((given || !named.isEmpty()) && found.isEmpty()) {
            warn.accept("--server-prometheus: every server runs on this machine, and zkload reads their processes"
                    + " itself; no endpoint is read");
        }
        return found;
    }

    /**
     * An entry of {@code --server-prometheus} names a server the run does not read: bad usage, found once the
     * preflight knows the servers (the leader a {@code --connect} left out among them).
     */
    public static final class UnknownServer extends IllegalArgumentException {
        @Serial
        private static final long serialVersionUID = 1L;

        UnknownServer(List<String> unknown, List<ServerAddress> servers) {
            super("--server-prometheus names " + String.join(" and ", unknown) + ", which "
                    + (unknown.size() == 1 ? "is not a server" : "are not servers") + " this run reads ("
                    + servers.stream().map(ServerAddress::hostPort).collect(Collectors.joining(", "))
                    + "); name each server by its client address, host:port as --connect gives it");
        }
    }
}
