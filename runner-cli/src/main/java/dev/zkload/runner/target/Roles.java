package dev.zkload.runner.target;

import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.target.ConnectString;
import dev.zkload.bench.target.ServerAddress;
import java.io.IOException;
import java.time.Duration;
import java.util.Locale;

/** The role (leader, follower, standalone) of a benchmark target that is a single server. */
public final class Roles {
    private Roles() {
    }

    /** The role of {@code target} if it names one server of {@code t}, else null. */
    public static String of(String target, Target t) {
        ConnectString cs;
        try {
            cs = ConnectString.parse(target);
        } catch (IllegalArgumentException e) {
            return null;
        }
        if (cs.servers().size() != 1) {
            return null;
        }
        ServerAddress server = t.servers().stream().filter(s -> s.hostPort().equals(cs.servers().get(0).hostPort()))
                .findFirst().orElse(cs.servers().get(0));
        try {
            return new StatsClient(Duration.ofSeconds(2)).summary(server).state().name().toLowerCase(Locale.ROOT);
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
