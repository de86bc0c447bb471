package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md's packages are the code's: every package it names in a module's section holds main
 * sources of that module, and every package of main sources is named there. A package added, moved or removed
 * without the page fails the build, so the page a newcomer reads first stays true.
 */
class ArchitectureDocTest {
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final Path DOC = ROOT.resolve("docs/architecture.md");
    /** A module's section: {@code **bench-core** (`dev.zkload.bench`…}, up to the next one or the next heading. */
    private static final Pattern SECTION = Pattern.compile(
            "^\\*\\*([a-z-]+)\\*\\* \\(`(dev\\.zkload\\.[a-z.]+)`(.*?)(?=^\\*\\*[a-z-]+\\*\\* \\(|^## )",
            Pattern.DOTALL | Pattern.MULTILINE);
    /** A table row's first cell. */
    private static final Pattern ROW = Pattern.compile("^\\| ([^|]+) \\|", Pattern.MULTILINE);

    private static final Pattern NAME = Pattern.compile("`([a-z][a-z.]*)`");
    /** A package named whole in the section's prose ({@code dev.zkload.sim.junit}). */
    private static final Pattern WHOLE = Pattern.compile("`(dev\\.zkload\\.[a-z.]+[a-z])`");

    @Test
    void everyPackageThePageNamesExistsAndEveryPackageIsNamed() throws IOException {
        Map<String, Set<String>> documented = documented(Files.readString(DOC));
        assertThat(documented)
                .as("modules with a section in %s", DOC)
                .containsOnlyKeys("bench-core", "zk-foundation", "executor-sim", "runner-cli");
        for (Map.Entry<String, Set<String>> module : documented.entrySet()) {
            assertThat(module.getValue())
                    .as("the packages %s names for %s", DOC.getFileName(), module.getKey())
                    .containsExactlyInAnyOrderElementsOf(packages(ROOT.resolve(module.getKey())));
        }
    }

    /** Per module, the packages its section names: the first cell of each table row, and any named whole. */
    private static Map<String, Set<String>> documented(String doc) {
        Map<String, Set<String>> byModule = new TreeMap<>();
        Matcher section = SECTION.matcher(doc);
        while (section.find()) {
            String base = section.group(2);
            String text = section.group(3);
            Set<String> names = new TreeSet<>();
            Matcher row = ROW.matcher(text);
            while (row.find()) {
                String cell = row.group(1);
                if (cell.equals("package") || cell.startsWith("---")) {
                    continue;
                }
                // the cell's names, before what it says of them ("`zk` (exported: …)")
                Matcher name = NAME.matcher(cell.replaceAll("\\(.*", ""));
                while (name.find()) {
                    names.add(qualified(base, name.group(1)));
                }
            }
            Matcher whole = WHOLE.matcher(text);
            while (whole.find()) {
                names.add(whole.group(1));
            }
            byModule.put(section.group(1), names);
        }
        return byModule;
    }

    /**
     * {@code ensemble} in {@code dev.zkload.bench} is {@code dev.zkload.bench.ensemble}; a name that starts with the
     * base's own last name is written from the base's parent ({@code zk.claim} in {@code dev.zkload.zk}).
     */
    private static String qualified(String base, String name) {
        String parent = base.substring(0, base.lastIndexOf('.'));
        String last = base.substring(parent.length() + 1);
        return name.equals(last) || name.startsWith(last + ".") ? parent + "." + name : base + "." + name;
    }

    /** The packages that hold a module's main sources. */
    private static Set<String> packages(Path module) throws IOException {
        Path main = module.resolve("src/main/java");
        try (Stream<Path> files = Files.walk(main)) {
            return files.filter(f -> f.toString().endsWith(".java") && !f.endsWith("module-info.java"))
                    .map(f -> main.relativize(f.getParent()).toString().replace('/', '.'))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }
}
