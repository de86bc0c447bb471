package dev.zkload.runner.result;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What happened to the ensemble during one step, from its first domain's registration to the end of
 * its measurement: the faults a step saw, whatever the phase they hit. The {@code ensembleEvents} of a
 * line of steps.jsonl.
 *
 * @param leaderChanges        times a new leader was elected: another server led, or one led again after a
 *                             time without a leader
 * @param leaderlessSec        the longest time without a leader, seconds (as the step's {@code leaderlessSec})
 * @param unresponsiveSec      servers that, asked by the sampler, did not answer within a round's deadline: by
 *                             host:port, the longest time they went without answering, seconds
 * @param sessionsDisconnected simulated sessions that lost their connection (they may have come back)
 * @param sessionsExpired      simulated sessions that expired (their ephemerals gone, registered again)
 * @param connectionsRefused   servers that refused this runner's connections (past their {@code maxClientCnxns}):
 *                             by host:port, the server's own count of refusals where it could be read, else the
 *                             connections of zkload's that it was seen closing unanswered (then a lower bound)
 * @param leaderBefore         host:port of the server that led as the step began (the last the step before saw);
 *                             null when unknown, as in results written before it
 * @param leader               host:port of the server that led in the step's last round with a leader, so after
 *                             its elections; null when none led at its end, or in results written before it
 * @param servers              servers the sampler asked in the step (those missing from {@code unresponsiveSec}
 *                             answered every round); 0 when unknown, as in results written before it
 * @param silentAloneSec       of {@code unresponsiveSec}, the time each server did not answer while another server
 *                             answered in the same rounds, seconds: a stall of that server, where every server silent
 *                             at once is as much a starved runner or machine; empty in results written before it
 * @param notServing           servers that told in the step that they did not serve: answered that they looked for a
 *                             leader, or refused connections on their client port (down); empty in results written
 *                             before it
 * @param deaths               servers on this machine whose process ended in the step, with what they left about why
 *                             ("died of an OutOfMemoryError: its GC log ends in …"), by host:port; empty when none did,
 *                             and in results written before it
 */
public record EnsembleEvents(
        int leaderChanges,
        double leaderlessSec,
        Map<String, Double> unresponsiveSec,
        long sessionsDisconnected,
        long sessionsExpired,
        Map<String, Long> connectionsRefused,
        String leaderBefore,
        String leader,
        int servers,
        Map<String, Double> silentAloneSec,
        java.util.List<String> notServing,
        Map<String, String> deaths) {

    public EnsembleEvents {
        unresponsiveSec =
                unresponsiveSec == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(unresponsiveSec));
        silentAloneSec = silentAloneSec == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(silentAloneSec));
        notServing =
                notServing == null ? java.util.List.of() : java.util.List.copyOf(new java.util.TreeSet<>(notServing));
        connectionsRefused =
                connectionsRefused == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(connectionsRefused));
    }

    /** Events without refused connections, nor the leaders or the servers asked. */
    public EnsembleEvents(
            int leaderChanges,
            double leaderlessSec,
            Map<String, Double> unresponsiveSec,
            long sessionsDisconnected,
            long sessionsExpired) {
        this(
                leaderChanges,
                leaderlessSec,
                unresponsiveSec,
                sessionsDisconnected,
                sessionsExpired,
                Map.of(),
                null,
                null,
                0,
                Map.of(),
                java.util.List.of(),
                Map.of());
    }

    /** These events, with the connections each server refused. */
    public EnsembleEvents withConnectionsRefused(Map<String, Long> refused) {
        return new EnsembleEvents(
                leaderChanges,
                leaderlessSec,
                unresponsiveSec,
                sessionsDisconnected,
                sessionsExpired,
                refused,
                leaderBefore,
                leader,
                servers,
                silentAloneSec,
                notServing,
                deaths);
    }

    /** These events, with the servers whose process ended in the step. */
    public EnsembleEvents withDeaths(Map<String, String> ended) {
        return new EnsembleEvents(
                leaderChanges,
                leaderlessSec,
                unresponsiveSec,
                sessionsDisconnected,
                sessionsExpired,
                connectionsRefused,
                leaderBefore,
                leader,
                servers,
                silentAloneSec,
                notServing,
                ended);
    }
}
