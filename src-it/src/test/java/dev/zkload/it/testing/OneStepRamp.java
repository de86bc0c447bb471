package dev.zkload.it.testing;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.testing.Timeouts;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.zookeeper.ZooKeeper;

/**
 * The ramp the one-fault tests run as a process, one step of two domains registered 5 s apart, and the phases of
 * that step: waiting for one to strike in it, and telling afterwards which phase a moment fell in.
 */
public final class OneStepRamp {
    /** The phases of a step. */
    public enum Phase {
        REGISTRATION,
        SETTLE,
        MEASUREMENT
    }

    private OneStepRamp() {}

    /**
     * The ramp as a process: one step of two domains, registered 5 s apart so that the registration lasts long
     * enough to be hit, and a benchmark small enough that {@code --sustain} sets the measurement's length.
     *
     * @param more options of the test's own
     */
    public static RunnerProcess start(
            Path tmp, String connectString, Duration settle, Duration sustain, Path out, String... more)
            throws IOException {
        List<String> args = new ArrayList<>(List.of(
                "--connect",
                connectString,
                "--domains",
                "2",
                "--step",
                "2",
                "--add-rate",
                "0.2",
                "--settle",
                settle.toSeconds() + "s",
                "--sustain",
                sustain.toSeconds() + "s",
                "--znode-count",
                "200",
                "--warmup",
                "100",
                "--bench-time",
                "5s",
                "--bench-target",
                "ensemble",
                "--out",
                out.toString()));
        args.addAll(List.of(more));
        return RunnerProcess.start(tmp, args.toArray(String[]::new));
    }

    /**
     * Returns, at the moment of the fault, once the run's only load step (two domains, added 5 s apart) is in
     * {@code phase}.
     */
    public static Instant awaitPhase(Phase phase, ZooKeeper observer, String root, Duration settle) {
        // the first of the two domains is up; the second is added 5 s after the first began
        int domains = phase == Phase.REGISTRATION ? 1 : 2;
        await().atMost(Timeouts.seconds(120)).until(() -> Znodes.registeredDomains(observer, root + "/sim") >= domains);
        if (phase == Phase.SETTLE) {
            // a domain's executors are up a few seconds before its registration (job leaders, statuses) ends
            Instant at = Instant.now().plus(settle.dividedBy(2));
            await().atMost(settle).until(() -> !Instant.now().isBefore(at));
        } else if (phase == Phase.MEASUREMENT) {
            // the benchmark makes its own root under the run's while it runs; half a second more, because the
            // step records its phases to a tenth of a second each, and a fault at the boundary reads as the settle's
            await().atMost(settle.plusSeconds(30)).until(() -> observer.exists(root + "/bench", false) != null);
            Instant at = Instant.now().plusMillis(500);
            await().atMost(Duration.ofSeconds(2)).until(() -> !Instant.now().isBefore(at));
        }
        return Instant.now();
    }

    /** The phase of the step {@code at} falls in, from the step's start and the length of its phases. */
    public static Phase phaseOf(JsonNode step, Instant at) {
        Instant start = Instant.parse(step.path("startTime").asText());
        JsonNode p = step.path("phases");
        Instant added = start.plusMillis(Math.round(p.path("addSec").asDouble() * 1000));
        Instant settled = added.plusMillis(Math.round(p.path("settleSec").asDouble() * 1000));
        return at.isBefore(added) ? Phase.REGISTRATION : at.isBefore(settled) ? Phase.SETTLE : Phase.MEASUREMENT;
    }
}
