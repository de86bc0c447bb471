package dev.zkload.runner.cli;

import dev.zkload.bench.client.RunLock;
import dev.zkload.runner.text.Plural;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@code clean --dry-run} prints: each run's root under the one given, with its znode count and its
 * lock, and whether {@code clean} would remove them now or refuse, in the words the refusal would use.
 */
final class DryRun {
    private DryRun() {}

    /** @param refusal the sentence {@code clean} would refuse with now; empty when it would remove the tree */
    static void print(
            PrintWriter out,
            String root,
            List<String> tree,
            List<RunLock.Holder> live,
            List<String> parents,
            java.util.Optional<String> refusal) {
        // group by the root's children: with --root /zkload, each child is one run
        Map<String, Integer> byChild = new TreeMap<>();
        for (String path : tree) {
            if (!path.equals(root)) {
                String rest = path.substring(root.length() + 1);
                int slash = rest.indexOf('/');
                byChild.merge(root + "/" + (slash < 0 ? rest : rest.substring(0, slash)), 1, Integer::sum);
            }
        }
        out.printf(
                "%s %s under %s:%n",
                refusal.isEmpty() ? "Would remove" : "Holds", Plural.of(tree.size(), "znode"), root);
        out.printf("  %8d  %s%n", 1, root);
        byChild.forEach((child, count) -> out.printf("  %8d  %s%s%n", count, child, lockNote(child, live)));
        parents.forEach(p -> out.printf("  %8d  %s (left empty)%n", 1, p));
        out.println("Nothing was removed (--dry-run)."
                + refusal.map(r -> " Without it, clean would refuse: " + r + ".")
                        .orElse(""));
    }

    private static String lockNote(String child, List<RunLock.Holder> live) {
        return live.stream()
                .filter(h -> h.path().startsWith(child + "/") || h.path().equals(child))
                .findFirst()
                .map(h -> h.owner() != null && h.owner().goneFromThisHost()
                        ? "  (LOCKED by " + h + ", whose process is gone: its session ends within its timeout)"
                        : "  (LIVE: " + h + ")")
                .orElse("");
    }
}
