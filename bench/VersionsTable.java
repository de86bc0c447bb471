import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The table of bench/versions.sh: for each operation, the first release's median p50 and ops/s over
 * the rounds, and every other release's medians as ratios against it (ops/s: above 1 is faster;
 * p50: below 1 is faster). Run: java -cp runner.jar bench/VersionsTable.java DIR RELEASE...
 */
public class VersionsTable {
    static final List<String> OPS =
            List.of("create", "set", "get", "delete", "createEphemeral", "watch", "deleteEphemeral");

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        List<String> releases = Arrays.asList(args).subList(1, args.length);
        String base = releases.get(0);
        StringBuilder head = new StringBuilder("| op | " + base + " ops/s | " + base + " p50 ms |");
        StringBuilder rule = new StringBuilder("|---|---:|---:|");
        for (String v : releases.subList(1, releases.size())) {
            head.append(" ").append(v).append(" ops/s | ").append(v).append(" p50 |");
            rule.append("---:|---:|");
        }
        System.out.println(head);
        System.out.println(rule);
        for (String op : OPS) {
            double baseOps = median(dir, base, op, "opsPerSec");
            double baseP50 = median(dir, base, op, "p50Ms");
            StringBuilder row = new StringBuilder(
                    String.format(Locale.ROOT, "| %s | %,.0f | %.3f |", op, baseOps, baseP50));
            for (String v : releases.subList(1, releases.size())) {
                row.append(String.format(
                        Locale.ROOT,
                        " %.2f× | %.2f× |",
                        median(dir, v, op, "opsPerSec") / baseOps,
                        median(dir, v, op, "p50Ms") / baseP50));
            }
            System.out.println(row);
        }
    }

    static double median(Path dir, String release, String op, String field) throws IOException {
        List<Double> values = new ArrayList<>();
        try (Stream<Path> runs = Files.list(dir)) {
            for (Path run : runs.filter(p -> p.getFileName().toString().endsWith("-" + release)
                            && Files.isDirectory(p))
                    .toList()) {
                JsonNode json = new ObjectMapper().readTree(run.resolve("latency.json").toFile());
                values.add(json.at("/targets/0/ops/" + op + "/" + field).asDouble());
            }
        }
        values.sort(Double::compare);
        int n = values.size();
        return n % 2 == 1 ? values.get(n / 2) : (values.get(n / 2 - 1) + values.get(n / 2)) / 2;
    }
}
