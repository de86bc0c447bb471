package dev.zkload.bench.ensemble;

import dev.zkload.bench.machine.GcLog;
import dev.zkload.bench.stats.FourLetterWords;
import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One forked server: its directory (zoo.cfg, myid, data, server.log), its ports and its process.
 * The process's stdin pipe is held open for the server's whole life: closing it (or this JVM
 * dying) makes the server halt, see {@code ServerLauncher}.
 */
final class ServerProcess {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ServerProcess.class);
    private static final Duration PROBE_TIMEOUT = Duration.ofMillis(500);
    private static final String LAUNCHER = "dev.zkload.bench.ensemble.launcher.ServerLauncher";

    private final int id;
    private final boolean quorum;
    private final ServerAddress address;
    private final Path dir;
    private final ServerSettings settings;
    private final ServerRuntime runtime;
    private final boolean ownsDir;
    private Process process;
    private OutputStream lifeline;

    /** @param ownsDir the directory is a temporary one of ours: the server deletes it if it is orphaned */
    ServerProcess(
            int id,
            boolean quorum,
            ServerAddress address,
            Path dir,
            ServerSettings settings,
            ServerRuntime runtime,
            boolean ownsDir) {
        this.id = id;
        this.runtime = runtime;
        this.ownsDir = ownsDir;
        this.quorum = quorum;
        this.address = address;
        this.dir = dir;
        this.settings = settings;
    }

    /** Writes myid and zoo.cfg; done once, so a restart finds the same data. */
    void prepare(String zooCfg) throws IOException {
        Files.createDirectories(dir.resolve("data"));
        if (quorum) {
            Files.writeString(dir.resolve("data").resolve("myid"), Integer.toString(id));
        }
        Files.writeString(dir.resolve("zoo.cfg"), zooCfg);
    }

    synchronized void launch() throws IOException {
        List<String> cmd = new ArrayList<>();
        if (!settings.cpus().isEmpty()) {
            cmd.add(LocalEnsemble.TASKSET.orElseThrow().toString());
            cmd.add("-c");
            cmd.add(dev.zkload.bench.machine.CpuList.format(settings.cpus().get(id - 1)));
        }
        cmd.add(settings.java().toString());
        if (settings.heap() != null) {
            cmd.add("-Xms" + settings.heap());
            cmd.add("-Xmx" + settings.heap());
        }
        cmd.addAll(settings.jvmFlags());
        cmd.addAll(runtime.jvmFlags());
        gcLogFlag().ifPresent(cmd::add);
        cmd.add("-Dzookeeper.log.dir=" + dir);
        if (ownsDir) {
            cmd.add("-Dzkload.deleteOnOrphan=" + dir);
        }
        cmd.add("-cp");
        cmd.add(runtime.classpath());
        cmd.add(LAUNCHER);
        cmd.add(quorum ? "quorum" : "standalone");
        cmd.add(dir.resolve("zoo.cfg").toString());
        Path log = dir.resolve("server.log");
        Files.writeString(
                log,
                "=== " + Instant.now() + " " + String.join(" ", cmd) + "\n",
                java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND);
        process = new ProcessBuilder(cmd)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        lifeline = process.getOutputStream();
    }

    /**
     * The GC log's flag: its pauses are what the server's JVM stopped for (Java 9 and later; an older JDK's
     * log has another syntax and is not written, its pauses then unobserved).
     */
    private java.util.Optional<String> gcLogFlag() {
        return JavaRelease.major(settings.java().getParent().getParent()).orElse(0) >= 9
                ? GcLog.flag(dir.resolve("gc.log"))
                : java.util.Optional.empty();
    }

    /** Where the server's JVM logs its GC pauses (see {@link #gcLogFlag()}); empty when it writes none. */
    java.util.Optional<Path> gcLog() {
        return gcLogFlag().map(f -> dir.resolve("gc.log"));
    }

    /** Waits until the server answers {@code srvr} with a mode; returns the mode. */
    String awaitServing(Instant deadline) throws IOException, InterruptedException {
        while (true) {
            Process p = process;
            if (p == null || !p.isAlive()) {
                Path jdk = settings.java().getParent().getParent();
                String tooOld = JavaClassVersions.tooOldFor(logTail(25));
                if (tooOld != null) { // the sentence is the whole story: no output to show
                    throw new IOException("server " + id + " cannot run " + settings.distribution() + " on the JDK at "
                            + jdk + ": " + tooOld);
                }
                LOG.warn("server {} exited before serving; its output ends with:\n{}", id, logTail(25));
                throw new IOException("server " + id + " (" + settings.distribution() + " on the JDK at " + jdk
                        + ") exited" + (p == null ? "" : " with status " + p.exitValue()) + " before serving: "
                        + firstError());
            }
            String mode = probeMode();
            if (mode != null) {
                return mode;
            }
            if (Instant.now().isAfter(deadline)) {
                throw new IOException("server " + id
                        + " did not serve within the start timeout; its output ends with:\n" + logTail(25));
            }
            Thread.sleep(100);
        }
    }

    /**
     * The server's mode ({@code leader}, {@code follower}, {@code standalone}, …) or null if it does not
     * serve. Asked with {@code srvr}, the one word ZooKeeper whitelists by default, so that an ensemble
     * configured as a stock one (for tests of what zkload does without statistics) starts too.
     */
    String probeMode() {
        try {
            for (String line : FourLetterWords.send(address, "srvr", PROBE_TIMEOUT, runtime.tls())
                    .split("\n", -1)) {
                if (line.startsWith("Mode: ")) {
                    return line.substring(6).trim();
                }
            }
            return null;
        } catch (IOException e) {
            return null;
        }
    }

    synchronized void stop(boolean forcibly) throws InterruptedException {
        Process p = process;
        if (p == null) {
            return;
        }
        tellDeliberate();
        if (forcibly) {
            p.destroyForcibly();
        } else {
            p.destroy();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
        p.waitFor();
        closeLifeline();
        process = null;
    }

    /** One byte down the lifeline: this stop is ours, the server is not orphaned (see ServerLauncher). */
    private void tellDeliberate() {
        try {
            if (lifeline != null) {
                lifeline.write('s');
                lifeline.flush();
            }
        } catch (IOException e) {
            // the server is gone already
        }
    }

    private void closeLifeline() {
        try {
            if (lifeline != null) {
                lifeline.close();
            }
        } catch (IOException ignored) {
            // the server is gone already
        }
        lifeline = null;
    }

    synchronized boolean isRunning() {
        return process != null && process.isAlive();
    }

    synchronized ProcessStats stats() {
        Process p = process;
        if (p == null || !p.isAlive()) {
            return ProcessStats.NOT_RUNNING;
        }
        return new ProcessStats(
                p.pid(),
                ProcReader.cpuTime(p.toHandle()),
                ProcReader.rssBytes(p.pid()),
                ProcReader.writeBytes(p.pid()));
    }

    /**
     * The first line of the server's output that names an error (a JVM that refuses a flag or a class
     * version, an exception at start-up), or its last line: one sentence for why it did not start.
     */
    String firstError() {
        try {
            List<String> all = Files.readAllLines(dir.resolve("server.log"), StandardCharsets.UTF_8);
            List<String> output = all.subList(Math.min(all.size(), 1), all.size());
            return output.stream()
                    .map(String::strip)
                    .filter(l -> l.matches(".*(Error|Exception|Unrecognized|Could not|Invalid|refused).*"))
                    .findFirst()
                    .or(() -> output.isEmpty()
                            ? java.util.Optional.empty()
                            : java.util.Optional.of(output.get(output.size() - 1)))
                    .orElse("it printed nothing");
        } catch (IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }

    String logTail(int lines) {
        try {
            List<String> all = Files.readAllLines(dir.resolve("server.log"), StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }

    int id() {
        return id;
    }

    ServerAddress address() {
        return address;
    }
}
