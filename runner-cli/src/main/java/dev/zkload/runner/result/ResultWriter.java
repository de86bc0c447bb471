package dev.zkload.runner.result;

import dev.zkload.bench.result.ResultJson;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The results folder of one run, written in the contract's order: {@code run.json} first,
 * {@code steps.jsonl} (an experiment's {@code levels.jsonl}) appended and flushed to disk as each step
 * finishes (a crash or Ctrl-C loses no finished step), {@code summary.json} last. Files are replaced
 * atomically where they are rewritten, so a reader never sees half a run.json.
 *
 * <p>A run's folder is new or empty: results of two runs never mix (old histogram logs beside new
 * ones would be read as one run). It is created only once the run has passed its checks, so a run
 * refused for bad usage or an unreachable ensemble leaves no empty folder behind.
 */
public final class ResultWriter implements AutoCloseable {
    private final Path dir;
    /** The files appended to, one record per line, open until the run ends. */
    private final Map<String, Writer> appended = new HashMap<>();

    private ResultWriter(Path dir) {
        this.dir = dir;
    }

    /**
     * Checks, without creating anything, that {@code dir} can become a run's folder: absent or an
     * empty folder, and creatable.
     *
     * @throws IllegalArgumentException with one sentence when it cannot
     */
    public static void check(Path dir) {
        if (Files.exists(dir)) {
            if (!Files.isDirectory(dir)) {
                throw new IllegalArgumentException(dir + " is a file, not a folder");
            }
            try (Stream<Path> entries = Files.list(dir)) {
                var first = entries.findFirst();
                if (first.isPresent()) {
                    throw new IllegalArgumentException(
                            dir + " already holds files (" + first.get().getFileName()
                                    + " …); give a new or empty folder, so that two runs' results do not mix");
                }
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read " + dir + ": " + FileErrors.describe(e));
            }
            if (!Files.isWritable(dir)) {
                throw new IllegalArgumentException("cannot write to results folder " + dir + " (permission denied)");
            }
            return;
        }
        Path existing = dir.toAbsolutePath().getParent();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null || !Files.isDirectory(existing)) {
            throw new IllegalArgumentException(
                    "cannot use results folder " + dir + ": " + existing + " is not a folder");
        }
        if (!Files.isWritable(existing)) {
            throw new IllegalArgumentException(
                    "cannot create results folder " + dir + ": " + existing + " is not writable (permission denied)");
        }
    }

    /**
     * Creates {@code dir} (or takes it, if empty).
     *
     * @throws IllegalArgumentException with one sentence when the folder cannot be used
     */
    public static ResultWriter create(Path dir) {
        check(dir);
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".probe", ".tmp");
            Files.delete(probe);
        } catch (AccessDeniedException e) {
            throw new IllegalArgumentException("cannot write to results folder " + dir + " (permission denied)");
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot use results folder " + dir + ": " + FileErrors.describe(e));
        }
        return new ResultWriter(dir);
    }

    /**
     * A writer for a finished run's folder, to replace one of its JSON files: the merge of a sharded run
     * writes its summary again once it has judged the thresholds on the merged steps.
     *
     * @throws IllegalArgumentException when {@code dir} holds no run
     */
    public static ResultWriter existing(Path dir) {
        if (!Files.isRegularFile(dir.resolve(ResultFiles.RUN))) {
            throw new IllegalArgumentException(dir + " holds no run (no " + ResultFiles.RUN + ")");
        }
        return new ResultWriter(dir);
    }

    public Path dir() {
        return dir;
    }

    public Path resolve(String name) {
        return dir.resolve(name);
    }

    public void writeRun(Object run) {
        writeAtomically(ResultFiles.RUN, run);
    }

    /** Appends one step as a line of {@code steps.jsonl} and flushes it, so a killed run keeps every finished step. */
    public void appendStep(Object step) {
        append(ResultFiles.STEPS, step);
    }

    /** Appends one level of an experiment as a line of {@code levels.jsonl} and flushes it. */
    public void appendLevel(Object level) {
        append(ResultFiles.LEVELS, level);
    }

    private synchronized void append(String name, Object record) {
        try {
            Writer out = appended.get(name);
            if (out == null) {
                out = Files.newBufferedWriter(
                        dir.resolve(name),
                        StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
                appended.put(name, out);
            }
            out.write(ResultJson.compact().writeValueAsString(record));
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + dir.resolve(name) + ": " + e.getMessage(), e);
        }
    }

    public void writeSummary(Object summary) {
        writeAtomically(ResultFiles.SUMMARY, summary);
    }

    /**
     * Writes any JSON file of the folder atomically: a temporary file, then a rename. The temporary
     * file is created like every other result file (the process's umask, usually 0644), not with
     * {@code createTempFile}'s owner-only 0600, which the rename would have kept.
     */
    public void writeAtomically(String name, Object value) {
        Path target = dir.resolve(name);
        Path tmp = dir.resolve("." + name + ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(
                    tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
                ResultJson.pretty().writeValue(out, value);
            }
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void close() {
        IOException first = null;
        for (Writer out : appended.values()) {
            try {
                out.close();
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        appended.clear();
        if (first != null) {
            throw new UncheckedIOException(first);
        }
    }
}
