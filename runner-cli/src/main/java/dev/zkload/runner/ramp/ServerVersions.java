package dev.zkload.runner.ramp;

import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.target.ServerAddress;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Each server's version string for run.json ("unknown" where a server does not answer). */
final class ServerVersions {
    private ServerVersions() {
    }

    static List<String> of(List<ServerAddress> servers) {
        StatsClient stats = new StatsClient(Duration.ofSeconds(2));
        List<String> versions = new ArrayList<>();
        for (ServerAddress s : servers) {
            try {
                versions.add(stats.summary(s).version());
            } catch (IOException e) {
                versions.add("unknown");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                versions.add("unknown");
            }
        }
        return versions;
    }
}
