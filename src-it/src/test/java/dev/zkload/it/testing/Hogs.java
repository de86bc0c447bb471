package dev.zkload.it.testing;

import dev.zkload.bench.ensemble.LocalEnsemble;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Other processes keeping this machine busy, as a CI runner's neighbours do: busy loops on the CPUs, or a writer
 * that syncs every block to a disk. Each is a shell process, ended (with SIGKILL) on close.
 */
public final class Hogs implements AutoCloseable {
    private final List<Process> processes = new ArrayList<>();

    private Hogs() {}

    /** {@code loops} busy loops that the kernel may run on any CPU. */
    public static Hogs cpu(int loops) throws IOException {
        Hogs h = new Hogs();
        for (int i = 0; i < loops; i++) {
            h.processes.add(new ProcessBuilder("sh", "-c", "while :; do :; done").start());
        }
        return h;
    }

    /** {@code loops} busy loops confined to CPU {@code cpu} ({@code taskset}, which must be on this machine). */
    public static Hogs cpuOn(int cpu, int loops) throws IOException {
        Hogs h = new Hogs();
        String taskset = LocalEnsemble.TASKSET.orElseThrow().toString();
        for (int i = 0; i < loops; i++) {
            h.processes.add(new ProcessBuilder(taskset, "-c", Integer.toString(cpu), "sh", "-c", "while :; do :; done")
                    .start());
        }
        return h;
    }

    /**
     * A writer that syncs every 256 KiB it writes to a file in {@code dir} ({@code dd oflag=dsync}), over and over: a
     * neighbour on the disk of whatever logs to that folder's device.
     */
    public static Hogs disk(Path dir) throws IOException {
        Hogs h = new Hogs();
        Path file = dir.resolve("disk-hog");
        h.processes.add(new ProcessBuilder(
                        "sh",
                        "-c",
                        "while :; do dd if=/dev/zero of=" + file + " bs=256k count=256 oflag=dsync 2>/dev/null; done")
                .start());
        return h;
    }

    @Override
    public void close() {
        for (Process p : processes) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        for (Process p : processes) {
            try {
                p.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
