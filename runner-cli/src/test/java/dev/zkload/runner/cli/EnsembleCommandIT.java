package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.stats.FourLetterWords;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.Main;
import dev.zkload.zk.connect.ConnectString;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javax.security.auth.login.Configuration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EnsembleCommandIT {
    /**
     * --jaas names the JAAS file JVM-wide, as a command's own process wants, and the JVM caches what it read:
     * the runs of the tests after this one, in the same JVM, must not log in with it.
     */
    @AfterEach
    void forgetTheJaasFile() {
        System.clearProperty("java.security.auth.login.config");
        Configuration.setConfiguration(null);
    }

    @Test
    void printsTheConnectStringFirstServesUntilInterruptedThenStops() throws Exception {
        StringWriter out = new StringWriter();
        AtomicInteger code = new AtomicInteger(-1);
        Thread command = new Thread(() -> code.set(Main.run(
                new String[] {"ensemble", "--servers", "3", "--server-heap", "256m"},
                new PrintWriter(out, true),
                new PrintWriter(new StringWriter(), true))));
        command.start();
        await().atMost(Duration.ofSeconds(90)).until(() -> out.toString().contains("Press Ctrl-C"));
        String first = out.toString().lines().findFirst().orElseThrow();
        ConnectString cs = ConnectString.parse(first);
        assertThat(cs.servers()).hasSize(3);
        assertThat(out.toString()).contains("leader").contains("follower");
        assertThat(FourLetterWords.send(cs.servers().get(0), "ruok", Duration.ofSeconds(5)))
                .isEqualTo("imok");

        command.interrupt();
        command.join(60_000);
        assertThat(code.get()).isEqualTo(ExitCodes.INTERRUPTED);
        for (var s : cs.servers()) {
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                try {
                    FourLetterWords.send(s, "ruok", Duration.ofSeconds(1));
                    return false;
                } catch (java.io.IOException e) {
                    return true;
                }
            });
        }
    }

    /**
     * A TLS ensemble, then a SASL one, started by {@code ensemble}: the folder it names holds what another
     * command needs to connect — and only while the ensemble runs.
     */
    @ParameterizedTest
    @ValueSource(strings = {"--embedded-tls", "--embedded-sasl=digest"})
    void aSecuredEnsembleNamesTheClientSettingsThatConnectToIt(String secured, @TempDir Path tmp) throws Exception {
        StringWriter out = new StringWriter();
        AtomicInteger code = new AtomicInteger(-1);
        Thread command = new Thread(() -> code.set(Main.run(
                new String[] {"ensemble", "--servers", "1", "--server-heap", "256m", secured},
                new PrintWriter(out, true),
                new PrintWriter(new StringWriter(), true))));
        command.start();
        await().atMost(Duration.ofSeconds(90)).until(() -> out.toString().contains("Press Ctrl-C"));
        String connect = out.toString().lines().findFirst().orElseThrow();
        String how = out.toString()
                .lines()
                .filter(l -> l.startsWith("Clients connect with "))
                .findFirst()
                .orElseThrow()
                .substring("Clients connect with ".length());
        List<String> options = List.of(how.split(" "));
        Path settings = Path.of(options.get(1));
        assertThat(Files.getPosixFilePermissions(settings.getParent()))
                .containsExactlyInAnyOrder(
                        PosixFilePermission.OWNER_READ,
                        PosixFilePermission.OWNER_WRITE,
                        PosixFilePermission.OWNER_EXECUTE);
        assertThat(out.toString()).doesNotContain("password");

        List<String> latency = new java.util.ArrayList<>(List.of(
                "latency",
                "--connect",
                connect,
                "--znode-count",
                "50",
                "--out",
                tmp.resolve("run").toString()));
        latency.addAll(options);
        CliRun run = CliRun.of(latency.toArray(String[]::new));
        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCodes.OK);

        command.interrupt();
        command.join(60_000);
        assertThat(code.get()).isEqualTo(ExitCodes.INTERRUPTED);
        assertThat(settings.getParent()).doesNotExist();
    }
}
