package dev.zkload.runner.engine.experiment;

import dev.zkload.bench.client.Connections;
import dev.zkload.runner.engine.run.PreparedRun;
import java.io.IOException;
import java.time.Duration;
import java.util.function.Consumer;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;

/** An experiment's sessions, connected as the run's target wants: its address, TLS and credentials. */
final class RunSessions {
    private RunSessions() {}

    static ZooKeeper open(PreparedRun run, Duration sessionTimeout, Duration connectTimeout, Watcher events)
            throws IOException, InterruptedException {
        return open(run, sessionTimeout, connectTimeout, events, state -> {});
    }

    /** @param states told of every change of the connection's state (disconnected, expired, …) */
    static ZooKeeper open(
            PreparedRun run,
            Duration sessionTimeout,
            Duration connectTimeout,
            Watcher events,
            Consumer<KeeperState> states)
            throws IOException, InterruptedException {
        return Connections.open(
                run.target().connectString().toString(),
                run.target().security(),
                sessionTimeout,
                connectTimeout,
                events,
                states);
    }
}
