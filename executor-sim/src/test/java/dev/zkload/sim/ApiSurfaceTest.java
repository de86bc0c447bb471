package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The library's API is what docs/executor-sim.md's API table shows and nothing more: every public
 * type of the compiled module (a builder counts with the type it builds) is a row of that table, and
 * every row is a public type. A new public class fails here until it is documented, or made
 * package-private.
 */
class ApiSurfaceTest {
    private static final Path CLASSES = Path.of("target/classes");
    private static final Path DOC = Path.of("").toAbsolutePath().getParent().resolve("docs/executor-sim.md");
    private static final Pattern ROW_NAMES = Pattern.compile("`([\\w.]+)`");

    @Test
    void thePublicTypesAreExactlyTheDocumentedOnes() throws Exception {
        assertThat(publicTypes()).isEqualTo(documentedTypes());
    }

    private static Set<String> publicTypes() throws IOException, ClassNotFoundException {
        Set<String> types = new TreeSet<>();
        try (Stream<Path> files = Files.walk(CLASSES)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String binary =
                        CLASSES.relativize(p).toString().replace('/', '.').replaceAll("\\.class$", "");
                if (binary.endsWith("package-info")) {
                    continue;
                }
                Class<?> c = Class.forName(binary, false, ApiSurfaceTest.class.getClassLoader());
                if (isPublic(c) && !c.isAnonymousClass() && !c.getSimpleName().equals("Builder")) {
                    types.add(c.getName().substring("dev.zkload.sim.".length()).replace('$', '.'));
                }
            }
        }
        return types;
    }

    private static boolean isPublic(Class<?> c) {
        for (Class<?> x = c; x != null; x = x.getEnclosingClass()) {
            if (!Modifier.isPublic(x.getModifiers())) {
                return false;
            }
        }
        return true;
    }

    /** The names in the first cell of each row of the table under "## The API". */
    private static Set<String> documentedTypes() throws IOException {
        String doc = Files.readString(DOC);
        int from = doc.indexOf("## The API");
        int to = doc.indexOf("\n## ", from + 1);
        Set<String> types = new TreeSet<>();
        doc.substring(from, to < 0 ? doc.length() : to)
                .lines()
                .filter(line -> line.startsWith("| `"))
                .forEach(line -> {
                    Matcher m = ROW_NAMES.matcher(line.substring(1, line.indexOf('|', 1)));
                    while (m.find()) {
                        types.add(m.group(1));
                    }
                });
        assertThat(types).as("the API table of %s", DOC).isNotEmpty();
        return types;
    }
}
