package dev.zkload.bench.machine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A process of this machine as {@code /proc} shows it to a reader of its files: its arguments, its pid as it
 * knows itself (the innermost of {@code NSpid}: a JVM in a container writes that one into its file names), when
 * it started, and where the paths it names are reached from here. A process in another mount namespace (a
 * container) names paths of its own file system: they are reached through {@code /proc/<pid>/root} and
 * {@code /proc/<pid>/cwd}, which last only as long as it does; a process of this namespace names paths of ours.
 *
 * @param pid        the pid on this machine
 * @param ownPid     the pid it knows itself by
 * @param args       its command line, program first
 * @param startTicks when it started, clock ticks after boot: a pid reused by another process is told apart
 * @param started    when it started, within a few hundredths of a second ({@link ProcessHandle}'s start instant
 *                   counts from a boot time known to the whole second only, and is up to a second early)
 * @param root       where its {@code /} is reached from here
 * @param cwd        where its working directory is reached from here
 */
record JavaProcess(long pid, long ownPid, List<String> args, long startTicks, Instant started, Path root, Path cwd) {
    /** The launcher's options whose value is the next argument. */
    private static final Set<String> TAKES_VALUE = Set.of(
            "-cp",
            "-classpath",
            "--class-path",
            "-p",
            "--module-path",
            "--upgrade-module-path",
            "--add-modules",
            "--add-opens",
            "--add-exports",
            "--add-reads",
            "--patch-module",
            "--limit-modules",
            "--enable-native-access",
            "-jar",
            "-m",
            "--module");

    JavaProcess {
        args = List.copyOf(args);
    }

    /** Process {@code pid} now; empty when it is gone or this user may not read its command line and directory. */
    static Optional<JavaProcess> read(long pid) {
        Path proc = Path.of("/proc", Long.toString(pid));
        try {
            long startTicks = startTicks(proc);
            // seconds since boot, to the hundredth, read at the same instant as the wall clock
            double uptime = Double.parseDouble(
                    Files.readString(Path.of("/proc/uptime")).trim().split("\\s+", -1)[0]);
            Instant started = Instant.now()
                    .minusNanos((long) ((uptime - (double) startTicks / ProcessCpu.TICKS_PER_SECOND) * 1e9));
            byte[] cmdline = Files.readAllBytes(proc.resolve("cmdline"));
            if (cmdline.length == 0) {
                // a kernel thread, or a process ending
                return Optional.empty();
            }
            String all = new String(cmdline, StandardCharsets.UTF_8);
            List<String> args =
                    Arrays.asList((all.endsWith("\0") ? all.substring(0, all.length() - 1) : all).split("\0", -1));
            boolean ours = Files.readSymbolicLink(proc.resolve("ns/mnt"))
                    .equals(Files.readSymbolicLink(Path.of("/proc/self/ns/mnt")));
            Path root = ours ? Path.of("/") : proc.resolve("root");
            Path cwd = ours ? Files.readSymbolicLink(proc.resolve("cwd")) : proc.resolve("cwd");
            return Optional.of(new JavaProcess(pid, ownPid(proc).orElse(pid), args, startTicks, started, root, cwd));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static long startTicks(Path proc) throws IOException {
        return ProcessCpu.Stat.parse(Files.readString(proc.resolve("stat"))).start();
    }

    /** The last pid of {@code NSpid} in its status: its pid in the innermost pid namespace it belongs to. */
    private static Optional<Long> ownPid(Path proc) throws IOException {
        for (String line : Files.readAllLines(proc.resolve("status"))) {
            if (line.startsWith("NSpid:")) {
                String[] ids = line.substring("NSpid:".length()).trim().split("\\s+", -1);
                return Optional.of(Long.parseLong(ids[ids.length - 1]));
            }
        }
        return Optional.empty();
    }

    /** Where a path it names (absolute, or relative to its working directory) is reached from here. */
    Path resolve(String path) {
        return path.startsWith("/") ? root.resolve(path.substring(1)) : cwd.resolve(path);
    }

    /** The value of its last {@code -Dname=value}; empty when it sets none. */
    Optional<String> property(String name) {
        return last("-D" + name + "=");
    }

    /**
     * Its JVM options: the arguments before its main class, its {@code -jar} file or its {@code -m} module (what
     * follows is its program's own arguments, a {@code zoo.cfg}, and may look like an option without being one).
     */
    List<String> options() {
        List<String> options = new ArrayList<>();
        for (int i = 1; i < args.size() && args.get(i).startsWith("-"); i++) {
            String a = args.get(i);
            if (TAKES_VALUE.contains(a)) {
                // its value is no option, whatever it looks like
                i++;
            } else {
                options.add(a);
            }
            if (a.equals("-jar") || a.equals("-m") || a.equals("--module")) {
                break;
            }
        }
        return options;
    }

    /** What follows {@code prefix} in its last JVM option that begins with it; empty when none does. */
    Optional<String> last(String prefix) {
        List<String> options = options();
        for (int i = options.size() - 1; i >= 0; i--) {
            if (options.get(i).startsWith(prefix)) {
                return Optional.of(options.get(i).substring(prefix.length()));
            }
        }
        return Optional.empty();
    }

    /** Whether a boolean {@code -XX} flag is switched on by its JVM options ({@code -XX:+Name} given last). */
    boolean flagOn(String name) {
        List<String> options = options();
        for (int i = options.size() - 1; i >= 0; i--) {
            if (options.get(i).equals("-XX:+" + name)) {
                return true;
            }
            if (options.get(i).equals("-XX:-" + name)) {
                return false;
            }
        }
        return false;
    }

    /** Whether this very process still runs: the same pid started at the same tick, and not a zombie. */
    boolean alive() {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return ProcessCpu.Stat.parse(stat).start() == startTicks
                    && !stat.substring(stat.lastIndexOf(')')).startsWith(") Z");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
