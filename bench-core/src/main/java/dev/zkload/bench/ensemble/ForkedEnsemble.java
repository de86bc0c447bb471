package dev.zkload.bench.ensemble;

import dev.zkload.zk.ZkClientSecurity;
import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@link LocalEnsemble} of forked server JVMs. LATENT until started, then STARTED, then CLOSED. */
final class ForkedEnsemble implements LocalEnsemble {
    private static final Logger LOG = LoggerFactory.getLogger(ForkedEnsemble.class);

    private enum State {
        LATENT,
        STARTED,
        CLOSED
    }

    private final int size;
    private final int voters;
    private final ServerSettings settings;
    private final Path givenBaseDir;
    private final List<ServerProcess> servers = new ArrayList<>();
    private Path baseDir;
    private ServerFiles files;
    private Thread shutdownHook;
    private State state = State.LATENT;

    /** @param voters how many of the {@code size} servers vote: the others, the highest ids, observe */
    ForkedEnsemble(int size, int voters, ServerSettings settings, Path baseDir) {
        this.size = size;
        this.voters = voters;
        this.settings = settings;
        this.givenBaseDir = baseDir;
    }

    @Override
    public synchronized void start() throws IOException, InterruptedException {
        if (state != State.LATENT) {
            throw new IllegalStateException("a LocalEnsemble starts once; this one is " + state);
        }
        state = State.STARTED;
        shutdownHook = new Thread(this::release, "zkload-ensemble-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        try {
            baseDir = givenBaseDir != null
                    ? Files.createDirectories(givenBaseDir)
                    : Files.createTempDirectory("zkload-ensemble-");
            files = ServerFiles.write(baseDir, settings);
            List<Integer> free = FreePorts.pick(4 * size);
            List<ZooCfg.Ports> ports = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                ports.add(new ZooCfg.Ports(
                        free.get(4 * i), free.get(4 * i + 1), free.get(4 * i + 2), free.get(4 * i + 3)));
            }
            for (int id = 1; id <= size; id++) {
                ZooCfg.Ports p = ports.get(id - 1);
                Path dir = baseDir.resolve("server-" + id);
                // dataDir(id) names the same folder
                ServerProcess server = new ServerProcess(
                        id,
                        size > 1,
                        new ServerAddress("127.0.0.1", p.client(), p.admin()),
                        dir,
                        settings,
                        files.runtime(),
                        givenBaseDir == null);
                server.prepare(ZooCfg.render(
                        id,
                        dir.resolve("data"),
                        ports,
                        voters,
                        settings.distribution().version(),
                        settings.tls(),
                        files.zooCfgSecurity(),
                        settings.zooCfg()));
                servers.add(server);
            }
            for (ServerProcess s : servers) {
                s.launch();
            }
            Instant deadline = Instant.now().plus(settings.startTimeout());
            for (ServerProcess s : servers) {
                s.awaitServing(deadline);
            }
            awaitLeader(deadline);
            LOG.info(
                    "ensemble of {} ({} observing) serving at {} (data in {})",
                    size,
                    size - voters,
                    connectString(),
                    baseDir);
        } catch (IOException | InterruptedException | RuntimeException e) {
            close();
            throw e;
        }
    }

    private void awaitLeader(Instant deadline) throws IOException, InterruptedException {
        while (leader() < 0) {
            if (Instant.now().isAfter(deadline)) {
                throw new IOException("no leader was elected within the start timeout");
            }
            Thread.sleep(100);
        }
    }

    /** Where the servers' directories are (a temporary one unless given); null before start. */
    Path baseDir() {
        return baseDir;
    }

    @Override
    public String connectString() {
        return servers().stream().map(ServerAddress::hostPort).collect(Collectors.joining(","));
    }

    @Override
    public synchronized List<ServerAddress> servers() {
        requireStarted();
        return servers.stream().map(ServerProcess::address).toList();
    }

    @Override
    public ZkClientSecurity clientSecurity() {
        return ZkClientSecurity.of(clientProperties());
    }

    @Override
    public Map<String, String> clientProperties() {
        requireStarted();
        return files.clientProperties();
    }

    @Override
    public Optional<Path> clientJaas() {
        requireStarted();
        return Optional.ofNullable(files.clientJaas());
    }

    @Override
    public ServerDistribution distribution() {
        return settings.distribution();
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public List<Integer> observers() {
        return java.util.stream.IntStream.rangeClosed(voters + 1, size).boxed().toList();
    }

    @Override
    public void stop(int id) throws InterruptedException {
        server(id).stop(false);
    }

    @Override
    public void kill(int id) throws InterruptedException {
        server(id).stop(true);
    }

    @Override
    public void restart(int id) throws IOException, InterruptedException {
        ServerProcess s = server(id);
        s.stop(false);
        s.launch();
        s.awaitServing(Instant.now().plus(settings.startTimeout()));
    }

    @Override
    public boolean isRunning(int id) {
        return server(id).isRunning();
    }

    @Override
    public int leader() {
        List<ServerProcess> snapshot;
        synchronized (this) {
            snapshot = List.copyOf(servers);
        }
        for (ServerProcess s : snapshot) {
            if (!s.isRunning()) {
                continue;
            }
            String mode = s.probeMode();
            if ("leader".equals(mode) || "standalone".equals(mode)) {
                return s.id();
            }
        }
        return -1;
    }

    @Override
    public ProcessStats processStats(int id) {
        return server(id).stats();
    }

    @Override
    public Optional<Path> gcLog(int id) {
        return server(id).gcLog();
    }

    @Override
    public synchronized Path dataDir(int id) {
        server(id);
        return baseDir.resolve("server-" + id).resolve("data");
    }

    private synchronized ServerProcess server(int id) {
        requireStarted();
        if (id < 1 || id > size) {
            throw new IllegalArgumentException("server id must be between 1 and " + size + ", got " + id);
        }
        return servers.get(id - 1);
    }

    private void requireStarted() {
        if (state != State.STARTED) {
            throw new IllegalStateException("the ensemble is " + state + ", not STARTED");
        }
    }

    @Override
    public synchronized void close() {
        if (state == State.CLOSED) {
            return;
        }
        state = State.CLOSED;
        release();
        if (shutdownHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException e) {
                // the JVM is shutting down already; the hook releases too, which is harmless
            }
        }
    }

    /** Stops every server and deletes their data if it is ours: on close, or when the JVM exits without one. */
    private void release() {
        stopAll();
        if (givenBaseDir == null && baseDir != null) {
            deleteTree(baseDir);
        }
    }

    private void stopAll() {
        for (ServerProcess s : servers) {
            try {
                s.stop(false);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                try {
                    s.stop(true);
                } catch (InterruptedException again) {
                    // the forced kill was sent and the server ends by itself; the flag stays set for our caller
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | UncheckedIOException e) {
            LOG.warn("could not delete {}: {}", dir, e.toString());
        }
    }
}
