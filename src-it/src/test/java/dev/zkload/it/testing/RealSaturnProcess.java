package dev.zkload.it.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.testing.Timeouts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Saturn domain run by Saturn 3.5's own jars, in a JVM of its own (module real-saturn: Saturn's
 * executors and the console's sharding managers, with the jobs created as Saturn's console creates
 * them): the tree, sessions, watches and requests of real Saturn, to hold the simulator against.
 * Closing it shuts the domain down as an operator would (its standard input closes), and kills it if
 * it has not ended within 30 s.
 */
public final class RealSaturnProcess implements AutoCloseable {
    private final Process process;
    private final Path err;
    private long readyNanos;

    private RealSaturnProcess(Process process, Path err) {
        this.process = process;
        this.err = err;
    }

    /**
     * Starts the domain and returns once every executor has started.
     *
     * @param connect   ZooKeeper's connect string, with the chroot the namespace goes under
     * @param jobs      each {@code name,items,cron,runTimeMs,enabled}: a Java job whose items each sleep
     *                  {@code runTimeMs}
     */
    public static RealSaturnProcess start(
            Path logs, String connect, String namespace, int executors, int consoles, List<String> jobs)
            throws IOException {
        Path jar = Path.of(System.getProperty("zkload.it.realSaturnJar", "../real-saturn/target/real-saturn.jar"));
        Path classpath =
                Path.of(System.getProperty("zkload.it.realSaturnClasspath", "../real-saturn/target/saturn.classpath"));
        assertThat(jar).as("real-saturn's jar (built by its package phase)").isRegularFile();
        assertThat(classpath)
                .as("Saturn's classpath (written by real-saturn's build)")
                .isRegularFile();
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-cp",
                jar + java.io.File.pathSeparator + Files.readString(classpath).trim(),
                "dev.zkload.realsaturn.RealSaturnDomain",
                connect,
                namespace,
                Integer.toString(executors),
                Integer.toString(consoles),
                logs.resolve("saturn-logs").toString()));
        cmd.addAll(jobs);
        Files.createDirectories(logs);
        Path out = Files.createTempFile(logs, "saturn-", ".out");
        Path err = Files.createTempFile(logs, "saturn-", ".err");
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        RealSaturnProcess saturn = new RealSaturnProcess(p, err);
        try {
            await().atMost(Timeouts.seconds(60))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> !p.isAlive() || Files.readString(out).contains("READY"));
            assertThat(p.isAlive())
                    .as("Saturn's domain started; its errors: %s", saturn.errors())
                    .isTrue();
            saturn.readyNanos = System.nanoTime();
        } catch (RuntimeException | AssertionError e) {
            saturn.close();
            throw e;
        }
        return saturn;
    }

    /** How long ago every executor had started (and with it its jobs). */
    public long millisSinceReady() {
        return (System.nanoTime() - readyNanos) / 1_000_000;
    }

    /** What Saturn wrote to standard error (its warnings), for a failure's message. */
    public String errors() throws IOException {
        return Files.readString(err);
    }

    @Override
    public void close() {
        try {
            process.getOutputStream().close();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
