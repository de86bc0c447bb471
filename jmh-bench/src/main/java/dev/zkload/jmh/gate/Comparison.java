package dev.zkload.jmh.gate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One benchmark as the baseline ran it and as the candidate ran it. Matched on benchmark, mode and
 * parameters; when profiles are named, on everything but the profile.
 */
record Comparison(Measurement baseline, Measurement candidate) {

    /**
     * The benchmarks both sides ran, in the baseline's order. {@code baseProfile} and
     * {@code candidateProfile} pick each side's profile; both null match the profile like any other
     * parameter.
     */
    static List<Comparison> match(
            List<Measurement> baseline, String baseProfile, List<Measurement> candidate, String candidateProfile) {
        Map<String, Measurement> candidates = new LinkedHashMap<>();
        for (Measurement m : candidate) {
            if (candidateProfile == null || candidateProfile.equals(m.params().get("profile"))) {
                candidates.putIfAbsent(key(m, candidateProfile != null), m);
            }
        }
        List<Comparison> matched = new ArrayList<>();
        for (Measurement m : baseline) {
            if (baseProfile == null || baseProfile.equals(m.params().get("profile"))) {
                Measurement other = candidates.get(key(m, baseProfile != null));
                if (other != null) {
                    matched.add(new Comparison(m, other));
                }
            }
        }
        return matched;
    }

    /** The profiles a result holds, in the order they first appear. */
    static List<String> profiles(List<Measurement> measurements) {
        return measurements.stream()
                .map(m -> m.params().get("profile"))
                .filter(p -> p != null)
                .distinct()
                .toList();
    }

    private static String key(Measurement m, boolean withoutProfile) {
        Map<String, String> params = new TreeMap<>(m.params());
        if (withoutProfile) {
            params.remove("profile");
        }
        return m.benchmark() + " " + m.mode() + " " + params;
    }
}
