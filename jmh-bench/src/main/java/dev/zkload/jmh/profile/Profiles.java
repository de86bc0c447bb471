package dev.zkload.jmh.profile;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * The shipped presets ({@code presets.properties}) plus a user's file given with
 * {@code -Dzkload.profiles=FILE} (same format; a user profile of the same name wins), and which of
 * them can run here. {@code main} prints the names: all, or with {@code --installed} only those whose
 * JDK is installed (what the CI smoke runs).
 */
public final class Profiles {
    private Profiles() {}

    public static Map<String, ServerProfile> all() {
        Map<String, ServerProfile> profiles = new LinkedHashMap<>();
        try (InputStream in = Profiles.class.getResourceAsStream("presets.properties")) {
            profiles.putAll(parse(load(in)));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the preset profiles", e);
        }
        String user = System.getProperty("zkload.profiles");
        if (user != null) {
            try (Reader r = Files.newBufferedReader(Path.of(user))) {
                Properties p = new Properties();
                p.load(r);
                profiles.putAll(parse(p));
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read profiles file " + user + ": " + e.getMessage(), e);
            }
        }
        return profiles;
    }

    public static ServerProfile named(String name) {
        ServerProfile p = all().get(name);
        if (p == null) {
            throw new IllegalArgumentException(
                    "no profile named '" + name + "'; known: " + String.join(", ", all().keySet()));
        }
        return p;
    }

    /** The JDK home a profile runs on here, or empty when that JDK is not installed. */
    public static Optional<Path> javaHome(ServerProfile p) {
        if (p.jdk().matches("\\d+")) {
            return Optional.ofNullable(Jdks.installed().get(Integer.parseInt(p.jdk())));
        }
        Path home = Path.of(p.jdk());
        return Jdks.major(home).map(v -> home);
    }

    /** One sentence saying why a profile cannot run here, naming what is installed. */
    public static String notInstalled(ServerProfile p) {
        String installed = Jdks.installed().entrySet().stream()
                .map(e -> e.getKey() + " (" + e.getValue() + ")")
                .collect(Collectors.joining(", "));
        return "profile " + p.name() + " skipped: it needs JDK " + p.jdk() + ", which is not installed; installed: "
                + (installed.isEmpty() ? "none found" : installed);
    }

    static Map<String, ServerProfile> parse(Properties props) {
        Map<String, Map<String, String>> byName = new LinkedHashMap<>();
        for (String key : props.stringPropertyNames().stream().sorted().toList()) {
            int dot = key.indexOf('.');
            if (dot < 1) {
                throw new IllegalArgumentException("profile key '" + key + "' must look like <name>.jdk");
            }
            byName.computeIfAbsent(key.substring(0, dot), k -> new LinkedHashMap<>())
                    .put(key.substring(dot + 1), props.getProperty(key).trim());
        }
        Map<String, ServerProfile> profiles = new LinkedHashMap<>();
        byName.forEach((name, fields) -> {
            String jdk = fields.get("jdk");
            if (jdk == null || jdk.isBlank()) {
                throw new IllegalArgumentException("profile " + name + " names no jdk (" + name + ".jdk=17 or a path)");
            }
            Map<String, String> zooCfg = new LinkedHashMap<>();
            fields.forEach((k, v) -> {
                if (k.startsWith("zoocfg.")) {
                    zooCfg.put(k.substring(7), v);
                }
            });
            String flags = fields.getOrDefault("flags", "");
            List<String> flagList = flags.isBlank()
                    ? List.of()
                    : new ArrayList<>(Arrays.asList(flags.trim().split("\\s+")));
            profiles.put(
                    name, new ServerProfile(name, jdk, flagList, fields.get("heap"), zooCfg, fields.get("zookeeper")));
        });
        return profiles;
    }

    private static Properties load(InputStream in) throws IOException {
        Properties p = new Properties();
        p.load(in);
        return p;
    }

    public static void main(String[] args) {
        boolean installedOnly = args.length > 0 && args[0].equals("--installed");
        List<String> names = new ArrayList<>();
        for (ServerProfile p : all().values()) {
            if (!installedOnly || javaHome(p).isPresent()) {
                names.add(p.name());
            }
        }
        System.out.println(String.join(",", names));
    }
}
