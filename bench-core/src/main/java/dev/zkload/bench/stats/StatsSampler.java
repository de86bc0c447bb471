package dev.zkload.bench.stats;

import dev.zkload.bench.threads.DaemonThreads;
import dev.zkload.zk.connect.ServerAddress;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Samples every server's statistics at a fixed rate and hands each round to its outputs in turn: the in-memory
 * series ({@link #series()}), a CSV file and a listener. What a round shows of the leader is {@link Rounds}'s.
 *
 * <pre>{@code
 * try (StatsSampler sampler = StatsSampler.builder().servers(ensemble.servers())
 *         .interval(Duration.ofSeconds(1)).csv(dir.resolve("server-metrics.csv")).build()) {
 *     sampler.start();
 *     ...
 *     long outstanding = sampler.leader().map(s -> s.stats().outstandingRequests()).orElse(-1L);
 * }
 * }</pre>
 *
 * <p>Servers are read in parallel, and a round waits for them at most its deadline, four fifths of
 * the interval, so a round is delivered before the next is due whatever the servers do. A server
 * that has not answered by then is <em>unresponsive</em> for that round
 * ({@link StatsSample#unresponsive()}): a stalled or paused server (its port still accepts, nothing answers) shows as such, round after
 * round, instead of delaying every round and passing for a late sampler. The read it was sent goes on
 * in the background, bounded by the client's timeout; the next round joins it instead of asking
 * again, so one stalled server never holds more than one reader; when that read times out in the
 * client, the server is unresponsive for the round that learns it too. An unreachable server is a
 * row with {@code reachable=false} and the error, never an exception that ends the run; it is logged
 * once until it answers again. The in-memory series keeps the last {@link Builder#history(int)} samples
 * per server (the CSV keeps everything). The deadline is not the client's timeout: that one (2 s by
 * default, twice over when a refused four-letter word falls back to the AdminServer) is longer than a
 * round, and waiting for it is what made one stalled server pass for a late runner. The rounds'
 * starts are timed on a thread of their own ({@link RoundTicker}): whatever a round waits on, the
 * lateness it reports is the runner's alone.
 */
public final class StatsSampler implements Closeable {
    private static final Logger LOG = LoggerFactory.getLogger(StatsSampler.class);
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private enum State {
        LATENT,
        STARTED,
        CLOSED
    }

    private final List<ServerAddress> servers;
    private final Duration interval;
    private final StatsClient client;
    private final Path csvPath;
    private final java.util.function.LongConsumer lateness;
    private final java.util.function.ToDoubleFunction<ServerAddress> processCpu;
    private final SampleHistory history;
    /** Each round goes to these in turn: the history, the CSV once it is open, the builder's listener. */
    private final List<Consumer<List<StatsSample>>> listeners = new java.util.concurrent.CopyOnWriteArrayList<>();

    private final Set<ServerAddress> silent = new HashSet<>();
    /** Each server's read in flight, which a round joins rather than asking a stalled server again. */
    private final Map<ServerAddress, Future<StatsSample>> inFlight = new HashMap<>();
    /** The servers whose last finished read found the client port itself silent (connect or word timed out). */
    private final Set<ServerAddress> portStalled = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private final Duration deadline;
    private StatsCsv csv;
    private RoundTicker ticker;
    private ExecutorService readers;
    private State state = State.LATENT;

    private StatsSampler(Builder b) {
        this.servers = List.copyOf(b.servers);
        this.interval = b.interval;
        this.client = b.client != null ? b.client : new StatsClient(minimum(b.interval, Duration.ofSeconds(2)));
        this.csvPath = b.csv;
        this.lateness = b.lateness;
        this.processCpu = b.processCpu;
        this.history = new SampleHistory(b.history);
        listeners.add(history);
        if (b.listener != null) {
            listeners.add(b.listener);
        }
        this.deadline = interval.multipliedBy(4).dividedBy(5);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Opens the CSV and starts sampling; the first sample is taken at once. */
    public synchronized void start() throws IOException {
        if (state != State.LATENT) {
            throw new IllegalStateException("a StatsSampler starts once; this one is " + state);
        }
        if (csvPath != null) {
            csv = new StatsCsv(csvPath);
            // before the builder's listener, as the CSV was always written first
            listeners.add(1, round -> append(csv, round));
        }
        int n = INSTANCES.incrementAndGet();
        readers = Executors.newFixedThreadPool(servers.size(), DaemonThreads.factory("zkload-stats-" + n + "-reader"));
        // the lateness is the ticker's alone: a round held up by its servers or its listener never delays a start
        ticker = new RoundTicker("zkload-stats-" + n, interval, lateness, this::sampleOnce);
        state = State.STARTED;
        ticker.start();
    }

    /** Samples every server once, now, and returns the samples (also recorded like the scheduled ones). */
    public List<StatsSample> sampleNow() {
        return sampleOnce();
    }

    private List<StatsSample> sampleOnce() {
        Instant time = Instant.now();
        long end = System.nanoTime() + deadline.toNanos();
        List<Future<StatsSample>> pending = new ArrayList<>();
        synchronized (inFlight) {
            for (ServerAddress s : servers) {
                Future<StatsSample> asking = inFlight.get(s);
                if (asking == null || asking.isDone()) {
                    asking = readers.submit(() -> read(time, s));
                    inFlight.put(s, asking);
                }
                pending.add(asking);
            }
        }
        List<StatsSample> samples = new ArrayList<>();
        for (int i = 0; i < servers.size(); i++) {
            ServerAddress server = servers.get(i);
            try {
                StatsSample s = pending.get(i).get(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
                // a read joined from an earlier round answered within this one's deadline: it is this round's answer
                samples.add(new StatsSample(
                        time, server, s.stats(), s.error(), s.serverDown(), s.unresponsive(), s.clientPortStalled()));
            } catch (java.util.concurrent.TimeoutException e) {
                // the read still in flight cannot tell yet; the last finished one says whether the port answers
                samples.add(StatsSample.unresponsive(time, server, deadline, portStalled.contains(server)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return samples;
            } catch (java.util.concurrent.ExecutionException e) {
                samples.add(new StatsSample(time, server, null, String.valueOf(e.getCause())));
            }
        }
        record(samples);
        return samples;
    }

    private StatsSample read(Instant time, ServerAddress server) {
        try {
            StatsSample sample = new StatsSample(time, server, client.monitor(server), null);
            portStalled.remove(server);
            synchronized (silent) {
                if (silent.remove(server)) {
                    LOG.info("server {} answers again", server);
                }
            }
            return sample;
        } catch (IOException | RuntimeException e) {
            boolean down = e instanceof java.net.ConnectException;
            boolean stalled = timedOut(e);
            // the client asks the client port first and throws its timeout as is; an AdminServer's comes wrapped
            boolean portSilent = e instanceof java.net.SocketTimeoutException;
            if (portSilent) {
                portStalled.add(server);
            } else {
                portStalled.remove(server);
            }
            String error = down
                    ? "connection refused"
                    : e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            synchronized (silent) {
                if (silent.add(server)) {
                    LOG.warn("server {} stopped giving its statistics: {}", server, error);
                }
            }
            return new StatsSample(time, server, null, error, down, stalled, portSilent);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new StatsSample(time, server, null, "interrupted");
        }
    }

    /** The server took the connection and did not answer in the client's time: as unresponsive as a missed deadline. */
    private static boolean timedOut(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.net.SocketTimeoutException || t instanceof java.net.http.HttpTimeoutException) {
                return true;
            }
        }
        return false;
    }

    private void record(List<StatsSample> samples) {
        List<StatsSample> round = List.copyOf(samples);
        for (Consumer<List<StatsSample>> l : listeners) {
            try {
                l.accept(round);
            } catch (RuntimeException e) {
                LOG.error("stats listener failed", e);
            }
        }
    }

    private void append(StatsCsv to, List<StatsSample> round) {
        try {
            for (StatsSample s : round) {
                to.append(s, processCpu.applyAsDouble(s.server()));
            }
        } catch (IOException e) {
            LOG.error("cannot append to {}: {}", csvPath, e.toString());
        }
    }

    /** Every sample round still held, oldest first; each round has one sample per server. */
    public List<List<StatsSample>> series() {
        return history.all();
    }

    /** The rounds taken at or after {@code since}. */
    public List<List<StatsSample>> seriesSince(Instant since) {
        return history.since(since);
    }

    /** The newest sample of the server that leads (leader or standalone), if the last round found one. */
    public Optional<StatsSample> leader() {
        return history.newest().flatMap(Rounds::leaderOf);
    }

    @Override
    public synchronized void close() {
        if (state == State.CLOSED) {
            return;
        }
        state = State.CLOSED;
        if (ticker != null) {
            readers.shutdownNow();
            ticker.close();
        }
        if (csv != null) {
            try {
                csv.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static Duration minimum(Duration a, Duration b) {
        return a.compareTo(b) < 0 ? a : b;
    }

    /** Settings of a {@link StatsSampler}; {@link #build()} validates them. */
    public static final class Builder {
        private List<ServerAddress> servers = List.of();
        private Duration interval = Duration.ofSeconds(1);
        private StatsClient client;
        private Path csv;
        private Consumer<List<StatsSample>> listener;
        private int history = 3600;
        private java.util.function.LongConsumer lateness;
        private java.util.function.ToDoubleFunction<ServerAddress> processCpu = s -> Double.NaN;

        private Builder() {}

        /**
         * Where each server's process CPU time comes from, s since it started (NaN where it cannot be read), for the
         * CSV's {@code processCpuSec}; by default it is not read.
         */
        public Builder processCpu(java.util.function.ToDoubleFunction<ServerAddress> cpuSeconds) {
            this.processCpu = Objects.requireNonNull(cpuSeconds, "cpuSeconds");
            return this;
        }

        /**
         * Told, for every scheduled round, how late its start was against its due time, µs, on the sampler's
         * ticker thread: the runner's own lateness, which no server and no listener can add to.
         */
        public Builder lateness(java.util.function.LongConsumer lateMicros) {
            this.lateness = lateMicros;
            return this;
        }

        public Builder servers(List<ServerAddress> servers) {
            this.servers = List.copyOf(servers);
            return this;
        }

        /** Time between two sample rounds. Default 1 s. */
        public Builder interval(Duration interval) {
            this.interval = Objects.requireNonNull(interval, "interval");
            return this;
        }

        /** The client to read with. Default: one whose timeout is the smaller of the interval and 2 s. */
        public Builder client(StatsClient client) {
            this.client = client;
            return this;
        }

        /** A CSV file to append every sample to; created with its header if new. */
        public Builder csv(Path csv) {
            this.csv = csv;
            return this;
        }

        /** Called with each round of samples, on the sampler's thread: keep it quick. */
        public Builder listener(Consumer<List<StatsSample>> listener) {
            this.listener = listener;
            return this;
        }

        /** Rounds kept in memory. Default 3600 (an hour at 1 s). */
        public Builder history(int rounds) {
            this.history = rounds;
            return this;
        }

        public StatsSampler build() {
            if (servers.isEmpty()) {
                throw new IllegalArgumentException("servers must not be empty");
            }
            if (interval.toMillis() < 10) {
                throw new IllegalArgumentException("interval must be at least 10 ms, got " + interval);
            }
            if (history < 1) {
                throw new IllegalArgumentException("history must be at least 1, got " + history);
            }
            return new StatsSampler(this);
        }
    }
}
