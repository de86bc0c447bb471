package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.zk.ZkTrees;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The library's API, pinned: what the modules export, which public types that is (docs/executor-sim.md's API
 * table, no more, no less), and every public signature of them against {@value #PINNED}, the surface a 1.x
 * release keeps. A signature removed or changed is a binary-incompatible change and fails here, and so does
 * a new one until it is pinned: {@code -Dzkload.api.update=true} adds the new signatures to the file (and
 * never removes one: a removal is a hand edit of the file, for a major version). This rather than japicmp
 * against the last release: nothing is released to a repository this build could compare against, and a
 * baseline jar built from another checkout would need a second build; the file is reviewed in every diff that
 * changes the API, and the check takes a second.
 */
class ApiSurfaceTest {
    private static final Path CLASSES = Path.of("target/classes");
    private static final Path DOC = Path.of("").toAbsolutePath().getParent().resolve("docs/executor-sim.md");
    private static final String PINNED = "api/executor-sim.api";
    private static final Pattern ROW_NAMES = Pattern.compile("`([\\w.]+)`");
    /** The API packages, by the prefix the API table names their types with (none for the library's own). */
    private static final Map<String, String> API_PACKAGES =
            Map.of("dev.zkload.sim", "", "dev.zkload.sim.junit", "junit.", "dev.zkload.zk", "");
    /** Where the types an API signature names may come from besides the API packages. */
    private static final Pattern OUTSIDE_TYPES =
            Pattern.compile("(java|org\\.apache\\.zookeeper|io\\.micrometer|org\\.junit\\.jupiter\\.api)\\..*");

    @Test
    void theModulesExportOnlyTheApiPackages() throws Exception {
        ModuleDescriptor sim;
        try (InputStream in = Files.newInputStream(CLASSES.resolve("module-info.class"))) {
            sim = ModuleDescriptor.read(in);
        }
        assertThat(sim.name()).isEqualTo("dev.zkload.sim");
        assertThat(exports(sim)).containsOnly(Map.entry("dev.zkload.sim", "*"), Map.entry("dev.zkload.sim.junit", "*"));
        assertThat(sim.requires())
                .filteredOn(r -> r.name().equals("dev.zkload.zk"))
                .singleElement()
                .satisfies(r -> assertThat(r.modifiers()).contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE));
        assertThat(sim.requires())
                .as("Micrometer, SnakeYAML and JUnit are needed only where their features are used")
                .filteredOn(r -> Set.of("micrometer.core", "org.yaml.snakeyaml", "org.junit.jupiter.api")
                        .contains(r.name()))
                .allSatisfy(r -> assertThat(r.modifiers()).contains(ModuleDescriptor.Requires.Modifier.STATIC))
                .hasSize(3);

        ModuleDescriptor zk = foundation();
        assertThat(zk.name()).isEqualTo("dev.zkload.zk");
        assertThat(exports(zk))
                .containsOnly(
                        Map.entry("dev.zkload.zk", "*"),
                        Map.entry("dev.zkload.zk.connect", "dev.zkload.sim"),
                        Map.entry("dev.zkload.zk.claim", "dev.zkload.sim"));
    }

    @Test
    void thePublicTypesAreExactlyTheDocumentedOnes() throws Exception {
        assertThat(apiTypes().keySet().stream().filter(t -> !t.endsWith(".Builder")))
                .as("the public types of the API packages (a builder counts with the type it builds)")
                .containsExactlyInAnyOrderElementsOf(documentedTypes());
    }

    @Test
    void everyPublicSignatureIsPinned() throws Exception {
        Path pinned = Path.of(PINNED);
        Set<String> now = surface();
        Set<String> before = Files.exists(pinned) ? new TreeSet<>(Files.readAllLines(pinned)) : new TreeSet<>();
        before.removeIf(String::isBlank);
        Set<String> removed = new TreeSet<>(before);
        removed.removeAll(now);
        Set<String> added = new TreeSet<>(now);
        added.removeAll(before);
        assertThat(removed)
                .as(
                        "signatures of %s that are gone or changed: a binary-incompatible change, which 1.x never makes"
                                + " (docs/executor-sim.md, Versioning); for 2.0, delete them from the file by hand",
                        pinned)
                .isEmpty();
        assertThat(added.stream().filter(line -> isNewAbstractInterfaceMethod(line, before)))
                .as("new abstract methods of an API interface break every class that implements it: make them"
                        + " default methods")
                .isEmpty();
        if (Boolean.getBoolean("zkload.api.update")) {
            Files.write(pinned, now);
        } else {
            assertThat(added)
                    .as("new API, not yet pinned in %s: -Dzkload.api.update=true adds it, for review", pinned)
                    .isEmpty();
        }
    }

    @Test
    void apiSignaturesNameOnlyApiTypesAndTheLibrariesTheyAreAbout() throws Exception {
        Set<String> api = apiTypes().values().stream().map(Class::getName).collect(Collectors.toSet());
        Pattern type = Pattern.compile("[a-z][\\w]*(?:\\.[a-z][\\w]*)+\\.[A-Z][\\w$]*");
        Set<String> strangers = new TreeSet<>();
        for (String line : surface()) {
            Matcher m = type.matcher(line);
            while (m.find()) {
                String t = m.group();
                if (!api.contains(t) && !OUTSIDE_TYPES.matcher(t).matches()) {
                    strangers.add(t + " in " + line);
                }
            }
        }
        assertThat(strangers).as("types of no exported package in the API").isEmpty();
    }

    /** Every public type of the API packages, by the name the API table gives it (a builder counts with its type). */
    private static Map<String, Class<?>> apiTypes() throws IOException, ClassNotFoundException, URISyntaxException {
        Map<String, Class<?>> types = new TreeMap<>();
        List<String> classes = new ArrayList<>(classNames(CLASSES));
        classes.addAll(classNames(foundationJar()));
        for (String binary : classes) {
            Class<?> c = Class.forName(binary, false, ApiSurfaceTest.class.getClassLoader());
            String prefix = API_PACKAGES.get(c.getPackageName());
            if (prefix != null && isPublic(c) && !c.isAnonymousClass()) {
                String name = prefix
                        + c.getName().substring(c.getPackageName().length() + 1).replace('$', '.');
                types.put(name, c);
            }
        }
        return types;
    }

    /** The API's interfaces, as {@link #surface()} found them. */
    private static final Set<String> INTERFACES = new TreeSet<>();

    /** One line per public type and per public or protected member of it: what a caller's class files link to. */
    private static Set<String> surface() throws Exception {
        Set<String> lines = new TreeSet<>();
        for (Class<?> c : apiTypes().values()) {
            String t = c.getName();
            if (c.isInterface()) {
                INTERFACES.add(t);
            }
            lines.add(t + ": " + header(c));
            List<Member> members = new ArrayList<>();
            members.addAll(Arrays.asList(c.getDeclaredConstructors()));
            members.addAll(Arrays.asList(c.getDeclaredMethods()));
            members.addAll(Arrays.asList(c.getDeclaredFields()));
            for (Member m : members) {
                int mod = m.getModifiers();
                if (m.isSynthetic() || (m instanceof Method method && method.isBridge())) {
                    continue;
                }
                if (Modifier.isPublic(mod) || (Modifier.isProtected(mod) && !Modifier.isFinal(c.getModifiers()))) {
                    lines.add(t + ": " + signature(m));
                }
            }
        }
        return lines;
    }

    private static String header(Class<?> c) {
        String kind = c.isAnnotation()
                ? "@interface"
                : c.isInterface() ? "interface" : c.isEnum() ? "enum" : c.isRecord() ? "record" : "class";
        int shown = Modifier.PUBLIC
                | Modifier.PROTECTED
                | Modifier.STATIC
                | Modifier.FINAL
                | (c.isInterface() ? 0 : Modifier.ABSTRACT);
        String mods = Modifier.toString(c.getModifiers() & shown);
        StringBuilder h = new StringBuilder(mods).append(' ').append(kind);
        if (c.getGenericSuperclass() != null && !c.isEnum() && !c.isRecord()) {
            h.append(" extends ").append(c.getGenericSuperclass().getTypeName());
        }
        if (c.getGenericInterfaces().length > 0) {
            h.append(" implements ")
                    .append(Arrays.stream(c.getGenericInterfaces())
                            .map(java.lang.reflect.Type::getTypeName)
                            .collect(Collectors.joining(", ")));
        }
        return h.toString();
    }

    private static String signature(Member m) {
        if (m instanceof Field f) {
            return f.toGenericString();
        }
        return m instanceof Method method ? method.toGenericString() : ((Constructor<?>) m).toGenericString();
    }

    /** A method declared abstract by an interface that was pinned before it: a new type may have abstract ones. */
    private static boolean isNewAbstractInterfaceMethod(String line, Set<String> before) {
        return line.contains(" abstract ")
                && INTERFACES.stream()
                        .anyMatch(i -> line.startsWith(i + ": ")
                                && before.stream().anyMatch(b -> b.startsWith(i + ": ") && b.contains(" interface")));
    }

    private static boolean isPublic(Class<?> c) {
        for (Class<?> x = c; x != null; x = x.getEnclosingClass()) {
            if (!Modifier.isPublic(x.getModifiers())) {
                return false;
            }
        }
        return true;
    }

    private static Map<String, String> exports(ModuleDescriptor d) {
        Map<String, String> exports = new TreeMap<>();
        d.exports().forEach(e -> exports.put(e.source(), e.isQualified() ? String.join(",", e.targets()) : "*"));
        return exports;
    }

    private static Path foundationJar() throws URISyntaxException {
        return Path.of(ZkTrees.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
    }

    private static ModuleDescriptor foundation() throws IOException, URISyntaxException {
        Path where = foundationJar();
        if (Files.isDirectory(where)) {
            try (InputStream in = Files.newInputStream(where.resolve("module-info.class"))) {
                return ModuleDescriptor.read(in);
            }
        }
        try (JarFile jar = new JarFile(where.toFile());
                InputStream in = jar.getInputStream(jar.getEntry("module-info.class"))) {
            return ModuleDescriptor.read(in);
        }
    }

    /** The binary names of the classes in a directory or jar, module-info and package-info aside. */
    private static List<String> classNames(Path where) throws IOException {
        List<String> names = new ArrayList<>();
        if (Files.isDirectory(where)) {
            try (Stream<Path> files = Files.walk(where)) {
                files.filter(f -> f.toString().endsWith(".class"))
                        .map(f -> where.relativize(f).toString())
                        .forEach(names::add);
            }
        } else {
            try (JarFile jar = new JarFile(where.toFile())) {
                jar.stream()
                        .map(e -> e.getName())
                        .filter(n -> n.endsWith(".class"))
                        .forEach(names::add);
            }
        }
        return names.stream()
                .filter(n -> !n.endsWith("module-info.class") && !n.endsWith("package-info.class"))
                .map(n -> n.replace('/', '.').replaceAll("\\.class$", ""))
                .toList();
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
