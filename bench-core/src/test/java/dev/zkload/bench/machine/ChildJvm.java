package dev.zkload.bench.machine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.testing.Timeouts;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** A {@link GcChild} JVM, run by the test JVM's own {@code java} from the test classes, killed when closed. */
final class ChildJvm implements AutoCloseable {
    final Process process;
    /** Just before it was started: every instant it logs is later. */
    final Instant launched;

    private ChildJvm(Process process, Instant launched) {
        this.process = process;
        this.launched = launched;
    }

    /** Starts {@code GcChild args} with {@code flags} in {@code dir}, its output to {@code out} (null: a pipe). */
    static ChildJvm start(Path dir, Path out, List<String> flags, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(flags);
        command.add("-cp");
        command.add(testClasses().toString());
        command.add(GcChild.class.getName());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
        if (out == null) {
            builder.redirectError(ProcessBuilder.Redirect.DISCARD);
        } else {
            builder.redirectErrorStream(true).redirectOutput(out.toFile());
        }
        Instant launched = Instant.now();
        return new ChildJvm(builder.start(), launched);
    }

    private static Path testClasses() {
        try {
            return Path.of(GcChild.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    long pid() {
        return process.pid();
    }

    /**
     * What its GarbageCollectorMXBeans said once it finished allocating ({@code "GC <name>"} to count and ms,
     * {@code OLDMAX}, {@code HEAPMAX}), waiting at most the test's timeout for it.
     */
    Map<String, long[]> awaitDone() throws Exception {
        CompletableFuture<Map<String, long[]>> said = CompletableFuture.supplyAsync(() -> {
            Map<String, long[]> values = new HashMap<>();
            try {
                BufferedReader r =
                        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                String line;
                while ((line = r.readLine()) != null && !line.startsWith("DONE")) {
                    if (!line.matches("(GC \\S+|OLDMAX|HEAPMAX)( -?\\d+)+")) {
                        // the JVM's own warnings
                        continue;
                    }
                    String[] f = line.split(" ", -1);
                    long[] numbers = new long[f.length - (f[0].equals("GC") ? 2 : 1)];
                    for (int i = 0; i < numbers.length; i++) {
                        numbers[i] = Long.parseLong(f[f.length - numbers.length + i]);
                    }
                    values.put(f[0].equals("GC") ? "GC " + f[1] : f[0], numbers);
                }
                assertThat(line).as("the child's last line").isNotNull();
                return values;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return said.get(Timeouts.seconds(60).toSeconds(), TimeUnit.SECONDS);
    }

    /** Its collections and their time in ms, all its collectors together, as its MXBeans said. */
    static long[] total(Map<String, long[]> said) {
        long count = 0;
        long ms = 0;
        for (Map.Entry<String, long[]> e : said.entrySet()) {
            if (e.getKey().startsWith("GC ")) {
                count += e.getValue()[0];
                ms += e.getValue()[1];
            }
        }
        return new long[] {count, ms};
    }

    /** Lets it go on: a line on its standard input. */
    void go() throws IOException {
        process.getOutputStream().write('\n');
        process.getOutputStream().flush();
    }

    @Override
    public void close() throws IOException {
        end();
    }

    /** Ends it: closes its standard input, which a {@code garbage} run waits on, then kills it if it lingers. */
    void end() throws IOException {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // it is gone already
        }
        try {
            if (!process.waitFor(Timeouts.seconds(10).toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
