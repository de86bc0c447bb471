package dev.zkload.bench.ensemble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.testing.Timeouts;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Forked servers must not outlive the JVM that owns them: an owner JVM (a separate process running
 * {@link EnsembleOwner}) starts an ensemble and is then killed; every server must end too, and the
 * temporary data directory the owner could not delete goes with them.
 */
class OrphanIT {

    @ParameterizedTest(name = "owner ended with {0}")
    @ValueSource(strings = {"SIGKILL", "SIGTERM"})
    void serversEndWithTheirOwner(String signal) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process owner = new ProcessBuilder(
                        java, "-cp", System.getProperty("java.class.path"), EnsembleOwner.class.getName(), "3")
                .redirectErrorStream(true)
                .start();
        List<Long> pids = new ArrayList<>();
        Path dataDir = null;
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(owner.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null && !line.equals("READY")) {
                if (line.startsWith("PID ")) {
                    pids.add(Long.parseLong(line.substring(4).trim()));
                } else if (line.startsWith("DIR ")) {
                    dataDir = Path.of(line.substring(4).trim());
                }
            }
            assertThat(pids).as("the owner started three servers").hasSize(3);
            assertThat(pids)
                    .allMatch(pid ->
                            ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
            assertThat(dataDir).isDirectory();

            if (signal.equals("SIGKILL")) {
                owner.destroyForcibly();
            } else {
                owner.destroy();
            }
            assertThat(owner.waitFor(Timeouts.seconds(60).toSeconds(), TimeUnit.SECONDS))
                    .isTrue();
            await().atMost(Timeouts.seconds(30)).until(() -> pids.stream()
                    .noneMatch(pid ->
                            ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)));
            assertThat(dataDir)
                    .as("the servers' temporary data, whoever deleted it")
                    .doesNotExist();
        } finally {
            owner.destroyForcibly();
            for (long pid : pids) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }
}
