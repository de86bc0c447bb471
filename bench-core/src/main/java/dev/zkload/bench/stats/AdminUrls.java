package dev.zkload.bench.stats;

import dev.zkload.zk.connect.ServerAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Objects;

/**
 * Where each server's AdminServer answers {@code /commands/*}: a URL template in which
 * {@code {host}} stands for the server's host and {@code {adminPort}} for its known admin port
 * (ZooKeeper's default 8080 when unknown). The default is {@code http://{host}:{adminPort}/commands};
 * an AdminServer on another port, behind HTTPS ({@code admin.forceHttps}) or on another command URL
 * is one template, e.g. {@code https://{host}:8443/commands}.
 *
 * @param template an {@code http} or {@code https} URL, without a trailing slash
 */
public record AdminUrls(String template) {
    /** ZooKeeper's defaults: plain HTTP on the server's admin port, {@code /commands}. */
    public static final AdminUrls DEFAULT = new AdminUrls("http://{host}:{adminPort}/commands");

    /** @throws IllegalArgumentException naming what is wrong with the template */
    public AdminUrls {
        Objects.requireNonNull(template, "template");
        String t = template.trim();
        if (!t.startsWith("http://") && !t.startsWith("https://")) {
            throw new IllegalArgumentException(
                    "an AdminServer URL starts with http:// or https://, got '" + template + "'");
        }
        while (t.endsWith("/")) {
            t = t.substring(0, t.length() - 1);
        }
        try {
            new URI(t.replace("{host}", "host").replace("{adminPort}", "8080"));
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("'" + template + "' is not a URL: " + e.getReason());
        }
        template = t;
    }

    /** Plain HTTP on {@code port} of every server's host. */
    public static AdminUrls port(int port) {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("an AdminServer port is between 1 and 65535, got " + port);
        }
        return new AdminUrls("http://{host}:" + port + "/commands");
    }

    /** The base URL of {@code server}'s commands, e.g. {@code http://10.0.0.1:8080/commands}. */
    public String base(ServerAddress server) {
        String host = server.host().indexOf(':') >= 0 ? "[" + server.host() + "]" : server.host();
        return template.replace("{host}", host).replace("{adminPort}", Integer.toString(server.adminPortOrDefault()));
    }

    /** The URL of one command of {@code server}'s AdminServer. */
    public URI command(ServerAddress server, String command) {
        return URI.create(base(server) + "/" + command);
    }
}
