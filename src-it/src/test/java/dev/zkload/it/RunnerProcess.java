package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zkload.bench.testing.Timeouts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code java -jar runner.jar ...} as the user runs it: its own process, stdout and stderr to files
 * (so nothing blocks on a full pipe), killable with SIGKILL. The jar is the one this reactor built.
 */
final class RunnerProcess implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Process process;
    private final Path out;
    private final Path err;

    private RunnerProcess(Process process, Path out, Path err) {
        this.process = process;
        this.out = out;
        this.err = err;
    }

    static RunnerProcess start(Path logs, String... args) throws IOException {
        return start(logs, List.of(), args);
    }

    /** @param prefix a command the runner is started under, e.g. {@code setsid}; empty for none */
    static RunnerProcess start(Path logs, List<String> prefix, String... args) throws IOException {
        return start(logs, prefix, Map.of(), args);
    }

    /**
     * @param prefix a command the runner is started under, e.g. {@code setsid}; empty for none
     * @param env    variables added to this JVM's environment for the runner, e.g. a pod's
     *               {@code JOB_COMPLETION_INDEX}
     */
    static RunnerProcess start(Path logs, List<String> prefix, Map<String, String> env, String... args)
            throws IOException {
        Path jar = Path.of(System.getProperty("zkload.it.runnerJar", "../runner-cli/target/runner.jar"));
        assertThat(jar).as("runner.jar (built by runner-cli's package phase)").isRegularFile();
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString()));
        cmd.addAll(List.of(args));
        Files.createDirectories(logs);
        Path out = Files.createTempFile(logs, "runner-", ".out");
        Path err = Files.createTempFile(logs, "runner-", ".err");
        ProcessBuilder builder =
                new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().putAll(env);
        Process p = builder.start();
        p.getOutputStream().close();
        return new RunnerProcess(p, out, err);
    }

    /** Runs to the end (within the timeout) and returns the exit code. */
    static RunnerProcess run(Path logs, String... args) throws IOException, InterruptedException {
        RunnerProcess r = start(logs, args);
        r.awaitExit(Timeouts.seconds(60));
        return r;
    }

    int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the runner did not end within " + timeout + "; its output:\n" + out() + err());
        }
        return process.exitValue();
    }

    int exitCode() {
        return process.exitValue();
    }

    Process process() {
        return process;
    }

    String out() {
        return read(out);
    }

    String err() {
        return read(err);
    }

    /** Everything the user saw, for assertion messages. */
    String output() {
        return "--- stdout\n" + out() + "--- stderr\n" + err();
    }

    static JsonNode json(Path file) throws IOException {
        return JSON.readTree(file.toFile());
    }

    static List<JsonNode> jsonLines(Path file) throws IOException {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            if (!line.isBlank()) {
                lines.add(JSON.readTree(line));
            }
        }
        return lines;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }
}
