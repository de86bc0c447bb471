package dev.zkload.runner.engine.run;

import dev.zkload.bench.client.ConnectString;
import dev.zkload.bench.client.ServerAddress;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.runner.RunFailure;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;

/**
 * The ensemble a command works against: either one given with {@code --connect}, checked to answer
 * within the connect timeout, or an embedded {@link LocalEnsemble} that this target starts and,
 * on {@link #close()}, stops again.
 */
public final class Target implements AutoCloseable {
    private final ConnectString connectString;
    private final LocalEnsemble ensemble;

    private Target(ConnectString connectString, LocalEnsemble ensemble) {
        this.connectString = connectString;
        this.ensemble = ensemble;
    }

    /**
     * Opens the target: reaches an existing ensemble, or starts the embedded one.
     *
     * @param progress where to say that an embedded ensemble is starting
     * @throws RunFailure when the ensemble does not answer or cannot start (exit 1)
     */
    public static Target open(TargetSpec spec, PrintWriter progress) throws InterruptedException {
        if (spec.connect() != null) {
            Reachability.check(spec.connect(), spec.connectTimeout());
            return new Target(spec.connect(), null);
        }
        LocalEnsemble ensemble = spec.embedded().builder().build();
        progress.printf(
                "Starting an embedded ZooKeeper ensemble of %d server%s...%n",
                ensemble.size(), ensemble.size() == 1 ? "" : "s");
        progress.flush();
        try {
            ensemble.start();
        } catch (InterruptedException e) {
            ensemble.close();
            throw e;
        } catch (Exception e) {
            ensemble.close();
            throw new RunFailure("the embedded ensemble did not start: " + e.getMessage(), e);
        }
        progress.printf("Embedded ensemble serving at %s%n", ensemble.connectString());
        progress.flush();
        return new Target(ConnectString.parse(ensemble.connectString()), ensemble);
    }

    public ConnectString connectString() {
        return connectString;
    }

    public List<ServerAddress> servers() {
        return ensemble != null ? ensemble.servers() : connectString.servers();
    }

    public boolean embedded() {
        return ensemble != null;
    }

    public Optional<LocalEnsemble> ensemble() {
        return Optional.ofNullable(ensemble);
    }

    /** Stops the embedded ensemble, if this target started one. */
    @Override
    public void close() {
        if (ensemble != null) {
            ensemble.close();
        }
    }
}
