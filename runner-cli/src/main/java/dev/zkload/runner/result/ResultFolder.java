package dev.zkload.runner.result;

import dev.zkload.bench.result.ResultJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The results folder of one run, written in the contract's order: {@code run.json} first,
 * {@code steps.jsonl} appended and flushed to disk as each step finishes (a crash or Ctrl-C loses
 * no finished step), {@code summary.json} last. Files are replaced atomically where they are
 * rewritten, so a reader never sees half a run.json.
 */
public final class ResultFolder implements AutoCloseable {
    private final Path dir;
    private Writer steps;

    private ResultFolder(Path dir) {
        this.dir = dir;
    }

    /**
     * Creates (or reuses, if empty) {@code dir}.
     *
     * @throws IllegalArgumentException with one sentence when the folder cannot be used
     */
    public static ResultFolder create(Path dir) {
        try {
            Files.createDirectories(dir);
            if (!Files.isWritable(dir)) {
                throw new IllegalArgumentException("cannot write to results folder " + dir);
            }
            if (Files.exists(dir.resolve("run.json"))) {
                throw new IllegalArgumentException("results folder " + dir + " already holds a run; choose another --out");
            }
            Path probe = Files.createTempFile(dir, ".probe", ".tmp");
            Files.delete(probe);
        } catch (AccessDeniedException e) {
            throw new IllegalArgumentException("cannot write to results folder " + dir + " (permission denied)");
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot use results folder " + dir + ": " + dev.zkload.runner.cli.OutputOptions.describe(e));
        }
        return new ResultFolder(dir);
    }

    public Path dir() {
        return dir;
    }

    public Path resolve(String name) {
        return dir.resolve(name);
    }

    public void writeRun(Object run) {
        writeAtomically("run.json", run);
    }

    /** Appends one step as a line of {@code steps.jsonl} and flushes it, so a killed run keeps every finished step. */
    public synchronized void appendStep(Object step) {
        try {
            if (steps == null) {
                steps = Files.newBufferedWriter(dir.resolve("steps.jsonl"), StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
            steps.write(ResultJson.compact().writeValueAsString(step));
            steps.write('\n');
            steps.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + dir.resolve("steps.jsonl") + ": " + e.getMessage(), e);
        }
    }

    public void writeSummary(Object summary) {
        writeAtomically("summary.json", summary);
    }

    /** Writes any JSON file of the folder atomically (temp file, then rename). */
    public void writeAtomically(String name, Object value) {
        Path target = dir.resolve(name);
        try {
            Path tmp = Files.createTempFile(dir, "." + name, ".tmp");
            Files.write(tmp, ResultJson.pretty().writeValueAsBytes(value));
            Files.move(tmp, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void close() {
        if (steps != null) {
            try {
                steps.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            steps = null;
        }
    }
}
