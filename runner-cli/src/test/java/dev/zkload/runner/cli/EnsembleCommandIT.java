package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.client.ConnectString;
import dev.zkload.bench.stats.FourLetterWords;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class EnsembleCommandIT {

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
}
