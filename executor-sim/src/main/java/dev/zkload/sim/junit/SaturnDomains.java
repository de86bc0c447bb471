package dev.zkload.sim.junit;

import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.FleetSnapshot;
import dev.zkload.sim.SaturnModel;
import dev.zkload.sim.ZkClientSecurity;
import java.time.Duration;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A JUnit 5 extension that holds Saturn domains on a ZooKeeper ensemble while tests run: before
 * them it starts a {@link DomainFleet} and adds the domains (returning when they are registered),
 * after them it closes the fleet, which removes everything it wrote.
 *
 * <pre>{@code
 * class MyServiceUnderSaturnLoadTest {
 *     @RegisterExtension
 *     static final SaturnDomains SATURN = SaturnDomains.on(() -> cluster.connectString())
 *             .domains(3)
 *             .build();
 *
 *     @Test
 *     void staysFastUnderLoad() {
 *         assertThat(SATURN.snapshot().domains()).isEqualTo(3);
 *         // ... exercise your service against the same ensemble
 *     }
 * }
 * }</pre>
 *
 * <p>Registered on a {@code static} field, the domains are held once around all the tests of the
 * class; on an instance field, around each test. The connect string is asked for when the domains
 * start, so it can come from a server another extension or {@code @BeforeAll} starts first (register
 * that one earlier). Hazards: the fleet claims its root (a root another fleet holds fails the
 * tests, naming it) and empties it at the end, so give each extension its own (the default is
 * unique); a domain needs up to three minutes before all its jobs run (registration,
 * resharding, the next fire), so tests that need run traffic should wait for
 * {@link FleetSnapshot#runsCompleted()}.
 *
 * <p>JUnit is an optional dependency of executor-sim: a test that registers this extension has it already.
 */
public final class SaturnDomains implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {
    private final Supplier<String> connectString;
    private final int domains;
    private final SaturnModel model;
    private final String root;
    private final boolean jobRuns;
    private final Duration addTimeout;
    private final Duration connectTimeout;
    private final ZkClientSecurity security;
    private volatile DomainFleet fleet;
    private volatile boolean perClass;

    private SaturnDomains(Builder b) {
        this.connectString = b.connectString;
        this.domains = b.domains;
        this.model = b.model;
        this.root = b.root;
        this.jobRuns = b.jobRuns;
        this.addTimeout = b.addTimeout;
        this.connectTimeout = b.connectTimeout;
        this.security = b.security;
    }

    /**
     * Domains on the ensemble of a connect string known now.
     *
     * @param connectString ZooKeeper's {@code host:port,...} list
     * @return a builder
     */
    public static Builder on(String connectString) {
        Objects.requireNonNull(connectString, "connectString");
        return new Builder(() -> connectString);
    }

    /**
     * Domains on the ensemble of a connect string known only when the tests start.
     *
     * @param connectString asked once, just before the domains are added
     * @return a builder
     */
    public static Builder on(Supplier<String> connectString) {
        return new Builder(Objects.requireNonNull(connectString, "connectString"));
    }

    /**
     * The fleet holding the domains.
     *
     * @return the started fleet
     * @throws IllegalStateException outside the tests the extension wraps
     */
    public DomainFleet fleet() {
        DomainFleet f = fleet;
        if (f == null) {
            throw new IllegalStateException("SaturnDomains holds no domains here: only while the tests it wraps run");
        }
        return f;
    }

    /**
     * What the domains are doing now.
     *
     * @return the fleet's snapshot
     * @throws IllegalStateException outside the tests the extension wraps
     */
    public FleetSnapshot snapshot() {
        return fleet().snapshot();
    }

    /**
     * The root the domains live under, deleted at the end.
     *
     * @return the root znode path
     */
    public String root() {
        return root;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        perClass = true;
        hold();
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        if (!perClass) {
            hold();
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (!perClass) {
            release();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        release();
    }

    private void hold() throws InterruptedException {
        DomainFleet f = DomainFleet.builder(connectString.get())
                .root(root)
                .model(model)
                .jobRuns(jobRuns)
                .addTimeout(addTimeout)
                .connectTimeout(connectTimeout)
                .security(security)
                .build();
        try {
            f.start();
            f.addDomains(domains);
        } catch (RuntimeException | InterruptedException e) {
            f.close();
            throw e;
        }
        fleet = f;
    }

    private void release() {
        DomainFleet f = fleet;
        fleet = null;
        if (f != null) {
            f.close();
        }
    }

    /** Settings of the extension; {@link #build()} validates them. */
    public static final class Builder {
        private final Supplier<String> connectString;
        private int domains = 1;
        private SaturnModel model = SaturnModel.saturn21();
        private String root = "/zkload/junit-" + UUID.randomUUID().toString().substring(0, 8);
        private boolean jobRuns = true;
        private Duration addTimeout = Duration.ofMinutes(5);
        private Duration connectTimeout = Duration.ofSeconds(30);
        private ZkClientSecurity security = ZkClientSecurity.NONE;

        private Builder(Supplier<String> connectString) {
            this.connectString = connectString;
        }

        /**
         * How many domains to hold. Default 1.
         *
         * @param n at least 1
         * @return this builder
         */
        public Builder domains(int n) {
            this.domains = n;
            return this;
        }

        /**
         * The shape of each domain. Default {@link SaturnModel#saturn21()}.
         *
         * @param model the model
         * @return this builder
         */
        public Builder model(SaturnModel model) {
            this.model = Objects.requireNonNull(model, "model");
            return this;
        }

        /**
         * The znode the domains live under, deleted at the end. Default {@code /zkload/junit-<random>}.
         *
         * @param root an absolute znode path
         * @return this builder
         */
        public Builder root(String root) {
            this.root = Objects.requireNonNull(root, "root");
            return this;
        }

        /**
         * Whether jobs fire (default true); false holds the domains' sessions and watches only.
         *
         * @param run whether jobs fire
         * @return this builder
         */
        public Builder jobRuns(boolean run) {
            this.jobRuns = run;
            return this;
        }

        /**
         * How long adding the domains may take before the tests fail. Default 5 min.
         *
         * @param timeout positive
         * @return this builder
         */
        public Builder addTimeout(Duration timeout) {
            this.addTimeout = Objects.requireNonNull(timeout, "addTimeout");
            return this;
        }

        /**
         * How long to wait for the ensemble before the tests fail, with a message saying whether
         * the host is unknown, refuses the connection or does not answer. Default 30 s.
         *
         * @param timeout positive
         * @return this builder
         */
        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = Objects.requireNonNull(timeout, "connectTimeout");
            return this;
        }

        /**
         * How the domains' sessions connect and authenticate (TLS, SASL, digest) and the ACL of
         * their znodes; see {@link DomainFleet.Builder#security}. Default {@link ZkClientSecurity#NONE}.
         *
         * @param security the sessions' security
         * @return this builder
         */
        public Builder security(ZkClientSecurity security) {
            this.security = Objects.requireNonNull(security, "security");
            return this;
        }

        /**
         * The extension, holding nothing until the tests start.
         *
         * @return the extension to register with {@code @RegisterExtension}
         * @throws IllegalArgumentException naming the setting that is wrong
         */
        public SaturnDomains build() {
            if (domains < 1) {
                throw new IllegalArgumentException("domains must be at least 1, got " + domains);
            }
            // the fleet's own rules for root and timeout, checked now rather than when the tests start
            DomainFleet.builder("127.0.0.1:2181")
                    .root(root)
                    .addTimeout(addTimeout)
                    .connectTimeout(connectTimeout)
                    .build();
            return new SaturnDomains(this);
        }
    }
}
