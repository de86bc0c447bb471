package dev.zkload.runner.engine.ramp;

import dev.zkload.bench.stats.Rounds;
import dev.zkload.bench.stats.ServerState;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.runner.result.EnsembleEvents;
import dev.zkload.runner.result.StepFleetData;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The ensemble's events in one step's sample rounds, every phase alike: each election of a new leader,
 * and how long each server went without answering the sampler, stalled or down. Fed by the sampler's thread, read by
 * the ramp's.
 */
final class EnsembleEventWatch {
    private final int voters;
    private String lastLeader;
    /** The leader as the step began: the one the step before saw last, else the first this one sees. */
    private String leaderBefore;

    private boolean leaderLost;
    private int leaderChanges;
    private final Map<String, Instant> silentSince = new HashMap<>();
    private final Map<String, Duration> longestSilence = new HashMap<>();
    /** Since when each silent server has been silent while another answered, and the longest such time. */
    private final Map<String, Instant> aloneSince = new HashMap<>();

    private final Map<String, Duration> longestAlone = new HashMap<>();
    private final Set<String> notServing = new HashSet<>();
    private final Set<String> asked = new HashSet<>();

    /** @param voters the ensemble's voting members, 0 when unknown ({@link Rounds#leaderless(List, int)}) */
    EnsembleEventWatch(int voters) {
        this.voters = voters;
    }

    /**
     * The next step's watch: it knows the leader the step before last saw, so that an election right
     * at the step's start (before its first round) is counted in it, not lost between the two.
     */
    synchronized EnsembleEventWatch next() {
        EnsembleEventWatch next = new EnsembleEventWatch(voters);
        next.lastLeader = lastLeader;
        next.leaderBefore = lastLeader;
        next.leaderLost = leaderLost;
        return next;
    }

    synchronized void offer(List<StatsSample> round) {
        Optional<StatsSample> leader = Rounds.leaderOf(round);
        if (leader.isPresent()) {
            String who = leader.get().server().hostPort();
            if (leaderBefore == null) {
                leaderBefore = who;
            }
            if (lastLeader != null && (leaderLost || !who.equals(lastLeader))) {
                leaderChanges++;
            }
            lastLeader = who;
            leaderLost = false;
        } else if (Rounds.leaderless(round, voters)) {
            // enough servers told: none leads, none follows a leader that the sampler does not ask
            leaderLost = true;
        }
        for (StatsSample s : round) {
            String server = s.server().hostPort();
            asked.add(server);
            if (s.serverDown() || (s.reachable() && s.stats().state() == ServerState.UNKNOWN)) {
                // the server's own word: it looks for a leader, or nothing listens on its port
                notServing.add(server);
            }
            // a killed server refuses its port before it answers again late while it restarts: both are its outage
            if (s.unresponsive() || s.serverDown()) {
                Instant since = silentSince.computeIfAbsent(server, k -> s.time());
                longestSilence.merge(server, Duration.between(since, s.time()), EnsembleEventWatch::longer);
                if (othersAnswered(round, server)) {
                    Instant alone = aloneSince.computeIfAbsent(server, k -> s.time());
                    longestAlone.merge(server, Duration.between(alone, s.time()), EnsembleEventWatch::longer);
                }
            } else if (silentSince.containsKey(server)) {
                // the silence lasted until this round heard from the server again
                longestSilence.merge(
                        server, Duration.between(silentSince.remove(server), s.time()), EnsembleEventWatch::longer);
                Instant alone = aloneSince.remove(server);
                if (alone != null) {
                    longestAlone.merge(server, Duration.between(alone, s.time()), EnsembleEventWatch::longer);
                }
            }
        }
    }

    /** Another server than {@code server} answered in the round: the sampler could hear the servers then. */
    private static boolean othersAnswered(List<StatsSample> round, String server) {
        return round.stream()
                .anyMatch(o -> o.reachable() && !o.server().hostPort().equals(server));
    }

    /**
     * True once the rounds showed an election, a time without a leader, or a server that did not answer
     * for as long as a stall takes ({@link StopRules#UNRESPONSIVE_LIMIT}): a missed round or two (a pause
     * of the runner) is no event, as the step's judgement has it.
     */
    synchronized boolean any() {
        return leaderChanges > 0
                || leaderLost
                || longestSilence.values().stream().anyMatch(d -> d.compareTo(StopRules.UNRESPONSIVE_LIMIT) >= 0);
    }

    /** The step's events, with what the ramp measured beside the rounds. */
    synchronized EnsembleEvents events(double leaderlessSec, StepFleetData fleet) {
        Map<String, Double> silent = new HashMap<>();
        longestSilence.forEach((server, d) -> silent.put(server, tenths(d)));
        Map<String, Double> alone = new HashMap<>();
        longestAlone.forEach((server, d) -> alone.put(server, tenths(d)));
        return new EnsembleEvents(
                leaderChanges,
                leaderlessSec,
                silent,
                fleet == null ? 0 : fleet.sessionEvents().getOrDefault("disconnected", 0L),
                fleet == null ? 0 : fleet.expired(),
                Map.of(),
                leaderBefore,
                leaderLost ? null : lastLeader,
                asked.size(),
                alone,
                List.copyOf(notServing),
                Map.of());
    }

    private static double tenths(Duration d) {
        return Math.round(d.toMillis() / 100.0) / 10.0;
    }

    private static Duration longer(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
