package dev.zkload.runner.cli;

import dev.zkload.bench.client.RunLock;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What {@code clean --dry-run} prints: each run's root under the one given, with its znode count. */
final class DryRun {
    private DryRun() {}

    static void print(
            PrintWriter out, String root, List<String> tree, List<RunLock.Holder> live, List<String> parents) {
        // group by the root's children: with --root /zkload, each child is one run
        Map<String, Integer> byChild = new TreeMap<>();
        for (String path : tree) {
            if (!path.equals(root)) {
                String rest = path.substring(root.length() + 1);
                int slash = rest.indexOf('/');
                byChild.merge(root + "/" + (slash < 0 ? rest : rest.substring(0, slash)), 1, Integer::sum);
            }
        }
        out.printf("Would remove %d znode%s under %s:%n", tree.size(), tree.size() == 1 ? "" : "s", root);
        out.printf("  %8d  %s%n", 1, root);
        byChild.forEach((child, count) -> out.printf("  %8d  %s%s%n", count, child, lockNote(child, live)));
        parents.forEach(p -> out.printf("  %8d  %s (left empty)%n", 1, p));
        out.println("Nothing was removed (--dry-run).");
    }

    private static String lockNote(String child, List<RunLock.Holder> live) {
        return live.stream()
                .filter(h -> h.path().startsWith(child + "/") || h.path().equals(child))
                .findFirst()
                .map(h -> "  (LIVE: " + h + ")")
                .orElse("");
    }
}
