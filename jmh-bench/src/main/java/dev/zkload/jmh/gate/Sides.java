package dev.zkload.jmh.gate;

import java.nio.file.Path;
import java.util.List;

/**
 * The baseline and the candidate as the command line names them: which file and which profile
 * each is, what they have in common, and the checks that make a comparison of them meaningful.
 */
record Sides(
        Path baseFile,
        String baseProfile,
        List<Measurement> baseline,
        Path candidateFile,
        String candidateProfile,
        List<Measurement> candidate) {

    /** One file and two of its profiles, or two files (and optionally one profile of each). */
    static Sides of(List<Path> files, List<String> profiles) throws JmhJson.BadInput {
        Path baseFile = files.get(0);
        List<Measurement> base = JmhJson.read(baseFile);
        if (files.size() == 1) {
            List<String> held = Comparison.profiles(base);
            List<String> named = profiles;
            if (named == null) {
                if (held.size() != 2) {
                    throw new JmhJson.BadInput(baseFile + " holds "
                            + (held.isEmpty() ? "no profile" : "profiles " + String.join(", ", held))
                            + "; give the baseline's and the candidate's with --profiles"
                            + " BASE,CANDIDATE, or give two files");
                }
                named = held;
            }
            for (String p : named) {
                if (!held.contains(p)) {
                    throw new JmhJson.BadInput(baseFile + " has no results for profile " + p + " (it holds "
                            + (held.isEmpty() ? "none" : String.join(", ", held)) + ")");
                }
            }
            return new Sides(baseFile, named.get(0), base, baseFile, named.get(1), base);
        }
        Path candidateFile = files.get(1);
        List<Measurement> candidate = JmhJson.read(candidateFile);
        return profiles == null
                ? new Sides(baseFile, null, base, candidateFile, null, candidate)
                : new Sides(baseFile, profiles.get(0), base, candidateFile, profiles.get(1), candidate);
    }

    /** The benchmarks both sides ran; none is bad input. */
    List<Comparison> comparisons() throws JmhJson.BadInput {
        List<Comparison> matched = Comparison.match(baseline, baseProfile, candidate, candidateProfile);
        if (matched.isEmpty()) {
            throw new JmhJson.BadInput("no benchmark is in both " + describe(baseFile, baseProfile) + " and "
                    + describe(candidateFile, candidateProfile) + ", so there is nothing to compare");
        }
        return matched;
    }

    /** Benchmarks of one side that the other did not run: said under the table, never passed silently. */
    List<String> unmatched(List<Comparison> matched) {
        return java.util.stream.Stream.concat(
                        onlyIn(
                                baseline,
                                baseProfile,
                                matched.stream().map(Comparison::baseline).toList(),
                                "baseline"),
                        onlyIn(
                                candidate,
                                candidateProfile,
                                matched.stream().map(Comparison::candidate).toList(),
                                "candidate"))
                .toList();
    }

    private static java.util.stream.Stream<String> onlyIn(
            List<Measurement> side, String profile, List<Measurement> matched, String which) {
        return side.stream()
                .filter(m -> profile == null || profile.equals(m.params().get("profile")))
                .filter(m -> !matched.contains(m))
                .map(m -> m.op() + " " + m.params() + " (only in the " + which + ")");
    }

    /** At least two forks a side (the interval is over forks), and as many each when paired. */
    void check(Comparison c, boolean paired) throws JmhJson.BadInput {
        int base = c.baseline().forks();
        int candidate = c.candidate().forks();
        if (Math.min(base, candidate) < 2) {
            throw new JmhJson.BadInput(c.baseline().op() + " has " + base + " fork(s) in the baseline and " + candidate
                    + " in the candidate; the gate's interval is over forks and needs 2 or more on each side (-f)");
        }
        if (!c.baseline().unit().equals(c.candidate().unit())) {
            throw new JmhJson.BadInput(
                    c.baseline().op() + " is in " + c.baseline().unit() + " in the baseline and in "
                            + c.candidate().unit() + " in the candidate; run both with the same -tu");
        }
        if (paired && base != candidate) {
            throw new JmhJson.BadInput("--paired needs as many forks on both sides, and "
                    + c.baseline().op() + " has " + base + " in the baseline and " + candidate
                    + " in the candidate (did a trial fail?)");
        }
    }

    static String describe(Path file, String profile) {
        return profile == null ? file.toString() : "profile " + profile + " of " + file;
    }
}
