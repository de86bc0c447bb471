package dev.zkload.bench.stats;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.zk.connect.ServerAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The members of an ensemble as one of its servers publishes them, each with the address it serves
 * clients on: what a client that was given some of the servers needs to reach the others (the leader
 * among them). {@code conf} lists every member as its {@code server.N} line ({@code
 * host:quorumPort:electionPort[:participant|:observer][;clientHost:clientPort]}, ZooKeeper 3.5 and
 * later); the AdminServer's {@code voting_view} lists the voters alone (3.6 and later), which include
 * the leader. ZooKeeper before 3.5 publishes no membership.
 *
 * <p>A member's client address is the one its line names, a wildcard host ({@code 0.0.0.0}, {@code ::})
 * standing for the member's own host; a line without one (the member's client port in its own
 * {@code zoo.cfg} alone) is taken to serve on the same port as the server that published the list, as
 * an ensemble of one port on several machines does.
 *
 * @param server  the server that published it
 * @param source  {@code conf} or {@code admin <url>}
 * @param members every member it lists, in its order; empty when it lists none (a standalone server, a
 *                release that does not publish them)
 */
public record Membership(ServerAddress server, String source, List<Member> members) {
    public Membership {
        members = List.copyOf(members);
    }

    /**
     * One member.
     *
     * @param id       its {@code N} of {@code server.N}
     * @param client   where it serves clients; null when neither its line nor the publishing server says
     * @param observer it observes: it serves clients and follows the leader without voting
     */
    public record Member(int id, ServerAddress client, boolean observer) {}

    /** The members {@code conf}'s {@code server.N} lines list. */
    static Membership fromConf(ServerConfig config) {
        int ownPort = port(config.keys().get("clientPort"));
        List<Member> members = new ArrayList<>();
        for (Map.Entry<String, String> e : config.keys().entrySet()) {
            if (e.getKey().matches("server\\.\\d+")) {
                members.add(member(Integer.parseInt(e.getKey().substring("server.".length())), e.getValue(), ownPort));
            }
        }
        members.sort(java.util.Comparator.comparingInt(Member::id));
        return new Membership(config.server(), config.source(), members);
    }

    /**
     * The voters the AdminServer's {@code voting_view} lists: by id, each an object with {@code server_addresses}
     * and {@code client_address} (3.6 and later), or a {@code server.N} line's value.
     *
     * @param ownPort the publishing server's client port, for a member whose client address is not listed; -1
     *                when unknown
     */
    static Membership fromVotingView(ServerAddress server, String adminUrl, JsonNode votingView, int ownPort) {
        List<Member> members = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : votingView.path("current_config").properties()) {
            int id;
            try {
                id = Integer.parseInt(e.getKey());
            } catch (NumberFormatException x) {
                continue;
            }
            JsonNode v = e.getValue();
            if (v.isTextual()) {
                members.add(member(id, v.asText(), ownPort));
            } else if (v.isObject()) {
                String quorum = v.path("server_addresses").path(0).asText("");
                String client = v.path("client_address").asText("");
                String line = quorum
                        + ("observer".equals(v.path("learner_type").asText()) ? ":observer" : "")
                        + (client.isEmpty() ? "" : ";" + client);
                members.add(member(id, line, ownPort));
            }
        }
        members.sort(java.util.Comparator.comparingInt(Member::id));
        return new Membership(server, "admin " + adminUrl, members);
    }

    /** One {@code server.N} value: {@code host:quorumPort:electionPort[|…][:type][;[clientHost:]clientPort]}. */
    static Member member(int id, String line, int ownPort) {
        String value = line.strip();
        int semi = value.indexOf(';');
        String quorum = semi < 0 ? value : value.substring(0, semi);
        String client = semi < 0 ? "" : value.substring(semi + 1).strip();
        // several quorum addresses (3.6's multi-address) are separated by '|': the first one's host serves
        String first = quorum.split("\\|", -1)[0];
        String host = host(first);
        boolean observer = quorum.endsWith(":observer");
        ServerAddress address = null;
        if (!client.isEmpty()) {
            int colon = client.lastIndexOf(':');
            int port = port(colon < 0 ? client : client.substring(colon + 1));
            String clientHost = colon < 0 ? "" : unbracketed(client.substring(0, colon));
            if (clientHost.isEmpty() || clientHost.equals("0.0.0.0") || clientHost.equals("::")) {
                clientHost = host;
            }
            address = address(clientHost, port);
        } else if (ownPort > 0) {
            address = address(host, ownPort);
        }
        return new Member(id, address, observer);
    }

    /** The host of {@code host:port:port…}, an IPv6 literal's brackets taken off. */
    private static String host(String address) {
        if (address.startsWith("[")) {
            int close = address.indexOf(']');
            return close < 0 ? address : address.substring(1, close);
        }
        int colon = address.indexOf(':');
        return colon < 0 ? address : address.substring(0, colon);
    }

    private static String unbracketed(String host) {
        String h = host.strip();
        return h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
    }

    private static ServerAddress address(String host, int port) {
        return host.isBlank() || port < 1 || port > 65535 ? null : new ServerAddress(host, port);
    }

    private static int port(String text) {
        if (text == null) {
            return -1;
        }
        try {
            return Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
