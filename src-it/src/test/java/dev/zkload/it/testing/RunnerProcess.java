package dev.zkload.it.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

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
public final class RunnerProcess implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Process process;
    private final Path out;
    private final Path err;

    private RunnerProcess(Process process, Path out, Path err) {
        this.process = process;
        this.out = out;
        this.err = err;
    }

    public static RunnerProcess start(Path logs, String... args) throws IOException {
        return start(logs, List.of(), args);
    }

    /**
     * Starts the runner under another command.
     *
     * @param prefix a command the runner is started under, e.g. {@code setsid}; empty for none
     */
    public static RunnerProcess start(Path logs, List<String> prefix, String... args) throws IOException {
        return start(logs, prefix, Map.of(), args);
    }

    /**
     * Starts the runner under another command, with more environment.
     *
     * @param prefix a command the runner is started under, e.g. {@code setsid}; empty for none
     * @param env    variables added to this JVM's environment for the runner, e.g. a pod's
     *               {@code JOB_COMPLETION_INDEX}
     */
    public static RunnerProcess start(Path logs, List<String> prefix, Map<String, String> env, String... args)
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
    public static RunnerProcess run(Path logs, String... args) throws IOException, InterruptedException {
        RunnerProcess r = start(logs, args);
        r.awaitExit(Timeouts.seconds(60));
        return r;
    }

    public int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the runner did not end within " + timeout + "; its output:\n" + out() + err());
        }
        return process.exitValue();
    }

    public int exitCode() {
        return process.exitValue();
    }

    /** The run's root, from run.json in {@code out}, which the ramp writes before it touches the ensemble. */
    public String awaitRoot(Path out) {
        Path runJson = out.resolve("run.json");
        await().atMost(Timeouts.seconds(60)).until(() -> {
            assertThat(process.isAlive() || Files.isRegularFile(runJson))
                    .as(output())
                    .isTrue();
            return Files.isRegularFile(runJson) && Files.size(runJson) > 0;
        });
        return await().atMost(Timeouts.seconds(10))
                .until(() -> json(runJson).path("root").asText(), r -> r.startsWith("/zkload/ramp-"));
    }

    public Process process() {
        return process;
    }

    public String out() {
        return read(out);
    }

    public String err() {
        return read(err);
    }

    /** Everything the user saw, for assertion messages. */
    public String output() {
        return "--- stdout\n" + out() + "--- stderr\n" + err();
    }

    public static JsonNode json(Path file) throws IOException {
        return JSON.readTree(file.toFile());
    }

    public static List<JsonNode> jsonLines(Path file) throws IOException {
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
