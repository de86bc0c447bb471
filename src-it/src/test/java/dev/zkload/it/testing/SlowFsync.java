package dev.zkload.it.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A JDK whose {@code java} preloads a library that makes fsyncs slower (src-it's {@code slowfsync.c}, built here with
 * the machine's C compiler): a slow disk under the transaction log of the servers started with it. No device-mapper
 * delay or FUSE file system is to be had on a CI machine; a preloaded library is. The delay is set per server, by
 * its pid, once the ensemble has elected ({@link #delay}), so that the leader's log or its followers' can be slowed.
 */
public final class SlowFsync {
    private final Path jdk;
    private final Path delays;

    private SlowFsync(Path jdk, Path delays) {
        this.jdk = jdk;
        this.delays = delays;
    }

    /** The JDK and the library, built in {@code dir}; empty where this machine has no C compiler. */
    public static Optional<SlowFsync> build(Path dir) throws IOException, InterruptedException {
        Path gcc = Path.of("/usr/bin/gcc");
        if (!Files.isExecutable(gcc)) {
            return Optional.empty();
        }
        Files.createDirectories(dir);
        Path source = dir.resolve("slowfsync.c");
        try (InputStream in = SlowFsync.class.getResourceAsStream("/slowfsync.c")) {
            Files.copy(in, source, StandardCopyOption.REPLACE_EXISTING);
        }
        Path library = dir.resolve("slowfsync.so");
        run(List.of(gcc.toString(), "-shared", "-fPIC", "-O2", "-o", library.toString(), source.toString(), "-ldl"));
        Path java = Path.of(System.getProperty("java.home"));
        Path jdk = dir.resolve("slow-fsync-jdk");
        Path delays = Files.createDirectories(dir.resolve("fsync-delays"));
        Files.createDirectories(jdk.resolve("bin"));
        Files.copy(java.resolve("release"), jdk.resolve("release"), StandardCopyOption.REPLACE_EXISTING);
        Path wrapper = jdk.resolve("bin").resolve("java");
        // exec keeps the shell's pid: the JVM reads the delay file named for its own pid
        Files.writeString(
                wrapper,
                "#!/bin/sh\nLD_PRELOAD=" + library + " ZKLOAD_FSYNC_DELAY_DIR=" + delays + " exec "
                        + java.resolve("bin").resolve("java") + " \"$@\"\n");
        assertThat(wrapper.toFile().setExecutable(true)).isTrue();
        return Optional.of(new SlowFsync(jdk, delays));
    }

    /** The JDK to start servers with ({@code LocalEnsemble.Builder.javaHome}). */
    public Path jdk() {
        return jdk;
    }

    /** Makes every fsync of process {@code pid} {@code ms} longer from within 200 ms on; 0 for none. */
    public void delay(long pid, int ms) throws IOException {
        Files.writeString(delays.resolve(Long.toString(pid)), Integer.toString(ms), StandardCharsets.US_ASCII);
    }

    /** No server's fsyncs delayed any more. */
    public void reset() throws IOException {
        try (var files = Files.list(delays)) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", command) + ": " + output).isZero();
    }
}
