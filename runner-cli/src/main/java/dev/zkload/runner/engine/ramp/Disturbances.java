package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.result.EnsembleEvents;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.text.Plural;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the ensemble's events in one step tell, by who saw them. The servers' own word decides at once: an
 * election (another server led, or none did by the rounds in which servers answered that they looked for a leader
 * or refused connections), a server that said it did not serve. Other clients' trouble — simulated sessions
 * disconnected or expired, benchmark calls failed — is a fault too, unless a starved machine or a strained runner
 * explains it (the runner misses its own heartbeats then). zkload's statistics reader alone never makes a fault: a
 * server that did not answer it for {@link StopRules#UNRESPONSIVE_LIMIT} is named beside a fault, or said in a note,
 * since a starved runner or machine hears every server late at once; one silent while the others answered in the
 * same rounds, with other clients' trouble beside it, is a stall of that server wherever the runner stood.
 */
final class Disturbances {
    private final StepResult step;
    private final EnsembleEvents e;

    private Disturbances(StepResult step) {
        this.step = step;
        this.e = step.ensembleEvents();
    }

    static Disturbances of(StepResult step) {
        return new Disturbances(step);
    }

    /** The servers told of a fault themselves: an election, a time without a leader, a server not serving. */
    boolean told() {
        return e != null
                && (e.leaderChanges() > 0
                        || e.leaderlessSec() > 0
                        || !e.notServing().isEmpty()
                        || !e.deaths().isEmpty());
    }

    /** Other clients met the fault: simulated sessions cut, or benchmark calls failed beside an event. */
    boolean seen() {
        return e != null
                && (e.sessionsDisconnected() > 0
                        || e.sessionsExpired() > 0
                        || (step.benchErrorRate() > 0 && (told() || !silences().isEmpty())));
    }

    /**
     * The step saw a fault of the ensemble: the servers told it, or other clients met it where neither a starved
     * machine nor a strained runner explains that (or one server alone was silent while the others answered).
     *
     * @param busyHost this machine was too busy to measure during the step
     */
    boolean fault(boolean busyHost) {
        if (told()) {
            return true;
        }
        if (!seen()) {
            return false;
        }
        // one server silent while the others answered in the same rounds: that server stalled, wherever the runner
        // stood
        if (!silentAlone().isEmpty()) {
            return true;
        }
        return !busyHost && !step.generatorBound();
    }

    /** Servers that did not answer the statistics reader for the limit, with how long, in words. */
    List<String> silences() {
        List<String> s = new ArrayList<>();
        if (e != null) {
            e.unresponsiveSec().forEach((server, sec) -> {
                if (sec >= StopRules.UNRESPONSIVE_LIMIT.toSeconds()) {
                    s.add(String.format(Locale.ROOT, "server %s did not answer for %.0f s", server, sec));
                }
            });
        }
        return s;
    }

    /** Servers silent for the limit while another server answered in the same rounds. */
    private List<String> silentAlone() {
        return e == null
                ? List.of()
                : e.silentAloneSec().entrySet().stream()
                        .filter(x -> x.getValue() >= StopRules.UNRESPONSIVE_LIMIT.toSeconds())
                        .map(java.util.Map.Entry::getKey)
                        .toList();
    }

    /**
     * Every event in words ("the leader changed (2.1 s without a leader)", "server 127.0.0.1:2183 did not answer for
     * 20 s", "4 disconnections and 0 expiries among 10 simulated sessions"); empty when the step saw none.
     */
    List<String> words() {
        List<String> d = new ArrayList<>();
        if (e == null) {
            return d;
        }
        if (e.leaderChanges() > 0) {
            d.add(String.format(
                    Locale.ROOT,
                    "the leader changed%s (%s)",
                    e.leaderChanges() == 1 ? "" : " " + e.leaderChanges() + " times",
                    e.leaderlessSec() < 0.1
                            ? "elected between two sampling rounds"
                            : String.format(Locale.ROOT, "%.1f s without a leader", e.leaderlessSec())));
        } else if (e.leaderlessSec() > 0) {
            d.add(String.format(Locale.ROOT, "no leader for %.1f s", e.leaderlessSec()));
        }
        List<String> silent = silences();
        e.deaths().forEach((server, why) -> d.add("server " + server + " " + why));
        List<String> down = e.notServing().stream()
                .filter(s -> e.leaderChanges() == 0
                        && e.leaderlessSec() == 0
                        && !e.deaths().containsKey(s))
                .map(s -> "server " + s + " stopped serving")
                .toList();
        d.addAll(down);
        d.addAll(silent);
        if (e.sessionsDisconnected() > 0 || e.sessionsExpired() > 0) {
            d.add(Plural.of(e.sessionsDisconnected(), "disconnection") + " and "
                    + (e.sessionsExpired() == 1 ? "1 expiry" : e.sessionsExpired() + " expiries") + " among "
                    + Plural.of(step.sessions(), "simulated session"));
        }
        if (!d.isEmpty() && step.benchErrorRate() > 0) {
            d.add(String.format(Locale.ROOT, "%.1f%% of benchmark calls failed", 100 * step.benchErrorRate()));
        }
        return d;
    }

    /**
     * The servers a step's statistics reader alone missed for the limit, with how long: no fault. Empty when there was
     * no such silence, or when it went with a fault.
     */
    Optional<Map<String, Double>> readerOnlySilences() {
        if (e == null || silences().isEmpty() || told() || seen()) {
            return Optional.empty();
        }
        Map<String, Double> who = new LinkedHashMap<>();
        e.unresponsiveSec().forEach((server, sec) -> {
            if (sec >= StopRules.UNRESPONSIVE_LIMIT.toSeconds()) {
                who.put(server, sec);
            }
        });
        return Optional.of(who);
    }
}
