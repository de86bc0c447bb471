package dev.zkload.bench.ops;

import dev.zkload.zk.ZkClientSecurity;
import dev.zkload.zk.ZkTrees;
import java.time.Duration;
import java.util.Objects;

/**
 * Settings of one seven-op benchmark run; build with {@link #builder(String)}.
 *
 * @param connectString  the ensemble (with optional chroot)
 * @param root           znode under which everything is created; refused if {@code /} or under {@code /zookeeper}
 * @param znodeCount     znodes per phase, ≥ 1
 * @param znodeSize      bytes of data per znode, 0 to 1,000,000
 * @param mode           how requests are issued
 * @param window         most requests outstanding in ASYNC and RATE modes, ≥ 1
 * @param rate           requests per second in RATE mode
 * @param watchMultiple  extra sessions that each watch every ephemeral node, ≥ 0
 * @param perServer      run against each server of the connect string in turn
 * @param force          clear an existing non-empty root first
 * @param sessionTimeout the benchmark sessions' timeout
 * @param connectTimeout how long to wait for a session to connect
 * @param warmup         calls of each operation made before its measured phase and not recorded (a cold
 *                       client and server JIT would otherwise make the first phases look slow), ≥ 0
 * @param timeLimit      the longest a phase may run: it ends after {@code znodeCount} calls or this long,
 *                       whichever comes first (the following phases then work on the znodes it reached);
 *                       null for no limit
 * @param security       how the benchmark's sessions connect and authenticate, and the ACL of what they create
 */
public record LatencyConfig(
        String connectString,
        String root,
        int znodeCount,
        int znodeSize,
        Mode mode,
        int window,
        double rate,
        int watchMultiple,
        boolean perServer,
        boolean force,
        Duration sessionTimeout,
        Duration connectTimeout,
        int warmup,
        Duration timeLimit,
        ZkClientSecurity security) {

    /**
     * The window of ASYNC and RATE modes unless one is given (also the CLI's {@code --window}
     * default). Measured (docs/performance.md, "The default window"): one session's throughput stops
     * growing at 32–128 calls in flight against a local server, and every call beyond only queues,
     * adding latency; 256 is twice that knee, for ensembles whose commits are slower than one local
     * disk's, and well under the server's own throttle of 1,000 outstanding requests.
     */
    public static final int DEFAULT_WINDOW = 256;

    public LatencyConfig {
        Objects.requireNonNull(connectString, "connectString");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(security, "security");
        ZkTrees.checkRoot(root);
        if (znodeCount < 1) {
            throw new IllegalArgumentException("znodeCount must be at least 1, got " + znodeCount);
        }
        if (znodeSize < 0 || znodeSize > 1_000_000) {
            throw new IllegalArgumentException("znodeSize must be between 0 and 1000000 bytes, got " + znodeSize);
        }
        if (window < 1) {
            throw new IllegalArgumentException("window must be at least 1, got " + window);
        }
        if (mode == Mode.RATE && !(rate > 0)) {
            throw new IllegalArgumentException("rate must be positive in RATE mode, got " + rate);
        }
        if (watchMultiple < 0) {
            throw new IllegalArgumentException("watchMultiple must be at least 0, got " + watchMultiple);
        }
        if (sessionTimeout.isNegative()
                || sessionTimeout.isZero()
                || connectTimeout.isNegative()
                || connectTimeout.isZero()) {
            throw new IllegalArgumentException("sessionTimeout and connectTimeout must be positive");
        }
        if (warmup < 0) {
            throw new IllegalArgumentException("warmup must be at least 0, got " + warmup);
        }
        if (timeLimit != null && (timeLimit.isNegative() || timeLimit.isZero())) {
            throw new IllegalArgumentException("timeLimit must be positive, got " + timeLimit);
        }
    }

    public static Builder builder(String connectString) {
        return new Builder(connectString);
    }

    /** A builder with zk-latencies' defaults: 10,000 znodes of 100 bytes, sync. */
    public static final class Builder {
        private final String connectString;
        private String root = "/zkload/latency-" + RunIds.next();
        private int znodeCount = 10_000;
        private int znodeSize = 100;
        private Mode mode = Mode.SYNC;
        private int window = DEFAULT_WINDOW;
        private double rate;
        private int watchMultiple;
        private boolean perServer;
        private boolean force;
        private Duration sessionTimeout = Duration.ofSeconds(30);
        private Duration connectTimeout = Duration.ofSeconds(15);
        private int warmup;
        private Duration timeLimit;
        private ZkClientSecurity security = ZkClientSecurity.NONE;

        private Builder(String connectString) {
            this.connectString = connectString;
        }

        public Builder root(String root) {
            this.root = root;
            return this;
        }

        public Builder znodeCount(int znodeCount) {
            this.znodeCount = znodeCount;
            return this;
        }

        public Builder znodeSize(int bytes) {
            this.znodeSize = bytes;
            return this;
        }

        public Builder mode(Mode mode) {
            this.mode = mode;
            return this;
        }

        public Builder window(int window) {
            this.window = window;
            return this;
        }

        /** The open-loop rate of RATE mode, in requests per second. */
        public Builder rate(double opsPerSecond) {
            this.rate = opsPerSecond;
            return this;
        }

        public Builder watchMultiple(int sessions) {
            this.watchMultiple = sessions;
            return this;
        }

        public Builder perServer(boolean perServer) {
            this.perServer = perServer;
            return this;
        }

        public Builder force(boolean force) {
            this.force = force;
            return this;
        }

        public Builder sessionTimeout(Duration sessionTimeout) {
            this.sessionTimeout = sessionTimeout;
            return this;
        }

        public Builder connectTimeout(Duration connectTimeout) {
            this.connectTimeout = connectTimeout;
            return this;
        }

        /** Unrecorded calls of each operation before its measured phase. Default 0. */
        public Builder warmup(int calls) {
            this.warmup = calls;
            return this;
        }

        /** The longest one phase runs, or null (the default) for no limit. */
        public Builder timeLimit(Duration perPhase) {
            this.timeLimit = perPhase;
            return this;
        }

        /** How the sessions connect and authenticate, and the ACL of the benchmark's znodes. Default none. */
        public Builder security(ZkClientSecurity security) {
            this.security = security;
            return this;
        }

        /**
         * The config these settings describe.
         *
         * @throws IllegalArgumentException naming the setting that is wrong
         */
        public LatencyConfig build() {
            return new LatencyConfig(
                    connectString,
                    root,
                    znodeCount,
                    znodeSize,
                    mode,
                    window,
                    rate,
                    watchMultiple,
                    perServer,
                    force,
                    sessionTimeout,
                    connectTimeout,
                    warmup,
                    timeLimit,
                    security);
        }
    }
}
