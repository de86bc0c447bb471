package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/executor-sim.md shows code that compiles and runs: each snippet is the tagged region of a
 * source of the example project ({@code // tag::name[]} … {@code // end::name[]}), which CI builds
 * and runs. With {@code -Dzkload.docs.update=true} this test rewrites the snippets instead of
 * failing. And the module's documentation and code stand alone.
 */
class DocumentationTest {
    private static final Path MODULE = Path.of("").toAbsolutePath();
    private static final Path ROOT = MODULE.getParent();
    private static final Path DOC = ROOT.resolve("docs/executor-sim.md");
    private static final Pattern SNIPPET =
            Pattern.compile("<!-- snippet: (\\S+)#(\\S+) -->\\n```java\\n(.*?)```", Pattern.DOTALL);
    /** The design note the model was first written from: users do not have it, so nothing may name it. */
    private static final String DESIGN_NOTE = "saturn-model.md";
    /** A relative path that climbs up: it must land on a file of the repository. */
    private static final Pattern CLIMBING = Pattern.compile("(?:\\.\\./)+[\\w.-]+");

    @Test
    void theSnippetsAreTheExamplesCompiledCode() throws IOException {
        String doc = Files.readString(DOC);
        Matcher m = SNIPPET.matcher(doc);
        StringBuilder fromSources = new StringBuilder();
        int snippets = 0;
        while (m.find()) {
            String code = region(ROOT.resolve(m.group(1)), m.group(2));
            m.appendReplacement(
                    fromSources,
                    Matcher.quoteReplacement(
                            "<!-- snippet: " + m.group(1) + "#" + m.group(2) + " -->\n```java\n" + code + "```"));
            snippets++;
        }
        m.appendTail(fromSources);
        assertThat(snippets).as("snippets in %s", DOC).isEqualTo(3);
        if (Boolean.getBoolean("zkload.docs.update")) {
            Files.writeString(DOC, fromSources.toString());
        } else {
            assertThat(doc)
                    .as("%s differs from the example's code; -Dzkload.docs.update=true rewrites it", DOC)
                    .isEqualTo(fromSources.toString());
        }
    }

    @Test
    void theDocumentationAndTheCodeStandAlone() throws IOException {
        List<Path> files = new ArrayList<>(List.of(DOC));
        for (Path dir : List.of(MODULE.resolve("src"), MODULE.resolve("examples"), MODULE.resolve("pom.xml"))) {
            try (Stream<Path> walk = Files.walk(dir)) {
                walk.filter(Files::isRegularFile)
                        .filter(p -> !p.toString().contains("/target/"))
                        .filter(p -> !p.endsWith("DocumentationTest.java")) // it names what must not appear
                        .forEach(files::add);
            }
        }
        for (Path f : files) {
            String text = Files.readString(f);
            assertThat(text).as("%s names a design note users do not have", f).doesNotContain(DESIGN_NOTE);
            Matcher climbing = CLIMBING.matcher(text);
            while (climbing.find()) {
                Path target = f.getParent().resolve(climbing.group()).normalize();
                assertThat(target.startsWith(ROOT) && Files.exists(target))
                        .as("%s points outside the project: %s", f, climbing.group())
                        .isTrue();
            }
        }
        assertThat(files).hasSizeGreaterThan(50);
    }

    /** The lines between the tag's markers, without the indentation they share. */
    private static String region(Path source, String tag) throws IOException {
        List<String> lines = Files.readAllLines(source);
        int begin = indexOf(lines, "// tag::" + tag + "[]", source);
        int end = indexOf(lines, "// end::" + tag + "[]", source);
        List<String> body = lines.subList(begin + 1, end);
        int indent = body.stream()
                .filter(l -> !l.isBlank())
                .mapToInt(l -> l.length() - l.stripLeading().length())
                .min()
                .orElse(0);
        StringBuilder code = new StringBuilder();
        for (String line : body) {
            code.append(line.isBlank() ? "" : line.substring(indent)).append('\n');
        }
        return code.toString();
    }

    private static int indexOf(List<String> lines, String marker, Path source) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).trim().equals(marker)) {
                return i;
            }
        }
        throw new AssertionError(source + " has no line " + marker);
    }
}
