package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The house's size rule, held by the build: no source file of any module (main or test) is longer than
 * {@value #LIMIT} lines, except those listed here, each with the reason it is kept whole and the most lines it
 * may grow to. A file that grows past either fails the build, and so does a listed file that no longer needs its
 * place: the list stays the true list of exceptions.
 */
class SourceSizeTest {
    private static final int LIMIT = 400;
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    private record Allowance(int most, String why) {}

    private static final Map<String, Allowance> EXCEPTIONS = Map.of(
            "executor-sim/src/main/java/dev/zkload/sim/FleetSnapshot.java",
            new Allowance(650, "each count is a field, an accessor and a builder setter, each documented where it is"),
            "executor-sim/src/main/java/dev/zkload/sim/DomainFleet.java",
            new Allowance(
                    480,
                    "the builder lives in the interface (one type to learn), each option with its units and hazards"),
            "executor-sim/src/main/java/dev/zkload/sim/FleetImpl.java",
            new Allowance(
                    480,
                    "the discipline that lets close() stop an addDomains in flight (the state checked under one lock"
                            + " before each batch) is reviewed in one class or not at all"),
            "src-it/src/test/java/dev/zkload/sim/FleetRootIT.java",
            new Allowance(
                    440, "a run's lock and a fleet's claim on one root are checked against each other in one place"),
            "runner-cli/src/test/java/dev/zkload/runner/cli/RampCommandIT.java",
            new Allowance(
                    440,
                    "every way a ramp ends (target, saturation, refinement, the runner's own limit, a short add, a"
                            + " repeat) shares the one server this class starts"),
            "src-it/src/test/java/dev/zkload/it/DisruptIT.java",
            new Allowance(
                    420,
                    "every fault of the command runs through the same plan and the same checks of its recovery, which a"
                            + " split by fault would write once per class"));

    @Test
    void noSourceIsLongerThanTheLimitUnlessListedWithItsReason() throws IOException {
        Map<String, Integer> lines = new TreeMap<>();
        for (Path java : sources()) {
            try (Stream<String> l = Files.lines(java)) {
                lines.put(ROOT.relativize(java).toString(), (int) l.count());
            }
        }
        assertThat(lines).as("sources under %s", ROOT).hasSizeGreaterThan(500);
        Map<String, Integer> over = new TreeMap<>();
        lines.forEach((file, n) -> {
            Allowance e = EXCEPTIONS.get(file);
            if (n > (e == null ? LIMIT : e.most())) {
                over.put(file, n);
            }
        });
        assertThat(over)
                .as("files past %d lines (split them, or list one here with why it stays whole)", LIMIT)
                .isEmpty();
        EXCEPTIONS.forEach((file, e) -> assertThat(lines.get(file))
                .as("%s is listed as longer than %d lines (%s)", file, LIMIT, e.why())
                .isNotNull()
                .isGreaterThan(LIMIT));
    }

    private static List<Path> sources() throws IOException {
        try (Stream<Path> all = Files.walk(ROOT)) {
            return all.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> {
                        String rel = ROOT.relativize(p).toString();
                        return rel.contains("/src/main/java/") || rel.contains("/src/test/java/");
                    })
                    .filter(p -> !ROOT.relativize(p).toString().contains("/target/"))
                    .toList();
        }
    }
}
