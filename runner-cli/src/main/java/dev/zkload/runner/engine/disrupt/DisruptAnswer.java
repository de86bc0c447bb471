package dev.zkload.runner.engine.disrupt;

import dev.zkload.runner.result.LevelResult;
import dev.zkload.runner.text.Durations;
import dev.zkload.runner.text.Plural;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code disrupt}'s answer: at each load, what the fault cost — how long until recovered, without a
 * leader, until every session was back, and the sessions disconnected and expired. {@code
 * summary.json}'s {@code answer} holds them as {@code recoveryMs@200} (a level named by its domains, as a
 * threshold's {@code @200} names it), only those observed; the console ends with a line per level.
 */
final class DisruptAnswer {
    /** The figures of each level, in the order the line says them. */
    static final List<String> FIGURES = List.of(
            "recovered",
            "recoveryMs",
            "leaderlessMs",
            "sessionsBackMs",
            "sessions",
            "sessionsDisconnected",
            "sessionsExpired");

    private DisruptAnswer() {}

    static Map<String, Double> of(List<LevelResult> done) {
        Map<String, Double> answer = new LinkedHashMap<>();
        for (LevelResult level : done) {
            for (String figure : FIGURES) {
                Double v = level.measured().get(figure);
                if (v != null) {
                    answer.put(figure + "@" + level.value(), v);
                }
            }
        }
        return answer;
    }

    /** "At 200 domains: recovered 15.1 s after the fault began; 5.0 s without a leader; …", one line per level. */
    static List<String> lines(Map<String, Double> answer) {
        Map<String, Map<String, Double>> byLevel = new LinkedHashMap<>();
        answer.forEach((key, value) -> {
            int at = key.lastIndexOf('@');
            if (at > 0) {
                byLevel.computeIfAbsent(key.substring(at + 1), k -> new LinkedHashMap<>())
                        .put(key.substring(0, at), value);
            }
        });
        List<String> lines = new ArrayList<>();
        byLevel.forEach((domains, f) -> lines.add("At " + domains + (domains.equals("1") ? " domain: " : " domains: ")
                + String.join("; ", said(f)) + "."));
        return lines;
    }

    private static List<String> said(Map<String, Double> f) {
        List<String> parts = new ArrayList<>();
        Double recovery = f.get("recoveryMs");
        parts.add(
                recovery != null
                        ? "recovered " + Durations.secondsOfMillis(recovery) + " after the fault began"
                        : "NOT recovered within --recovery-timeout");
        Double leaderless = f.get("leaderlessMs");
        parts.add(
                leaderless == null
                        ? "the time without a leader not observed"
                        : Durations.secondsOfMillis(leaderless) + " without a leader");
        Double back = f.get("sessionsBackMs");
        parts.add(
                back == null
                        ? "the sessions not all back"
                        : "every session back after " + Durations.secondsOfMillis(back));
        parts.add(count(f.get("sessionsDisconnected"), "disconnection") + " and "
                + count(f.get("sessionsExpired"), "expiry").replace("expirys", "expiries")
                + (f.containsKey("sessions") ? " among " + count(f.get("sessions"), "session") : ""));
        return parts;
    }

    private static String count(Double n, String noun) {
        if (n == null) {
            return "? " + noun + "s";
        }
        return Plural.of(Math.round(n), noun);
    }
}
