package dev.zkload.runner.engine.scan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a scan chose for the user or could not read, one sentence each, said on the console and in the
 * file's header: the Saturn line the file names and why (an executor version it does not know is a
 * stated choice, not a silent default), and each cron that cannot be read, with how it is modelled.
 */
public final class ScanNotes {
    private ScanNotes() {}

    public static List<String> of(List<ScannedDomain> domains) {
        List<String> notes = new ArrayList<>();
        notes.add(line(domains, ScannedModel.version(domains)));
        for (ScannedDomain d : domains) {
            for (ScannedJob j : d.jobs()) {
                if (j.cron() != null && FleetSummary.periodMs(j) == null) {
                    notes.add(d.namespace() + ": a job's cron '" + j.cron() + "' cannot be read, so the file models"
                            + " it as a job that does not fire on a cron; give it its cron in the file if it should.");
                }
            }
        }
        return notes;
    }

    /** The Saturn line the file names, and what it was chosen from. */
    private static String line(List<ScannedDomain> domains, String version) {
        Map<String, List<String>> known = new TreeMap<>();
        Map<String, List<String>> unknown = new TreeMap<>();
        for (ScannedDomain d : domains) {
            if (d.version() != null) {
                (ScannedModel.major(d.version()).isPresent() ? known : unknown)
                        .computeIfAbsent(d.version(), v -> new ArrayList<>())
                        .add(d.namespace());
            }
        }
        String from = known.isEmpty()
                ? "no executor online said a version it knows, and "
                        + (version.equals("saturn-3")
                                ? "a job's config has a field only Saturn 3.x writes"
                                : "no job's config has a field only Saturn 3.x writes")
                : "the executors' versions (" + said(known) + ")";
        String question = unknown.isEmpty()
                ? ""
                : "; executors registered " + said(unknown) + ", which zkload does not know as a Saturn version: if"
                        + " they run "
                        + (version.equals("saturn-3")
                                ? "2.x, set version: saturn-2.1"
                                : "3.x, set" + " version: saturn-3")
                        + " in the file";
        return "Saturn line: " + version + ", from " + from + question + ".";
    }

    /** "'saturn-3.5.1' in orders, reports; '2.1.5' in batch". */
    private static String said(Map<String, List<String>> byVersion) {
        List<String> parts = new ArrayList<>();
        byVersion.forEach((v, namespaces) -> parts.add("'" + v + "' in " + String.join(", ", namespaces)));
        return String.join("; ", parts);
    }
}
