package dev.zkload.sim.junit;

import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.FleetSnapshot;
import dev.zkload.sim.ModelFile;
import dev.zkload.sim.SaturnModel;
import dev.zkload.zk.ZkClientSecurity;
import java.time.Duration;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
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
 * class, its {@code @Nested} classes' tests included (they share the one fleet, and only the class that
 * registered the extension closes it); on an instance field, around each test. The connect string is
 * asked for before the class's tests; where the supplier has none yet (it returns null or throws: a
 * server that the class's {@code static @BeforeAll} method starts, or another extension that JUnit runs
 * after this one), it is asked again just before the first test, after every {@code @BeforeAll}, and
 * the domains start then. A server from another extension should still come first
 * ({@code @Order}, or its field declared first): JUnit stops extensions in the reverse order, so that
 * one stops after the fleet closed. Hazards: the fleet claims its root (a root another fleet holds fails
 * the tests, naming it) and empties it at the end, so give each extension its own (the default is
 * unique); a domain needs up to three minutes before all its jobs run (registration, resharding,
 * the next fire), so tests that need run traffic should wait for {@link FleetSnapshot#runsCompleted()}.
 * Every other option of {@link DomainFleet.Builder} is set with {@link Builder#fleetOptions}.
 *
 * <p>JUnit is an optional dependency of executor-sim: a test that registers this extension has it already.
 */
public final class SaturnDomains implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {
    private final FleetHolder holder;
    private final String root;

    private SaturnDomains(Builder b) {
        this.root = b.root;
        this.holder = new FleetHolder(b.connectString, b.domains, b::apply);
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
        return holder.fleet();
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
        holder.beforeAll(context.getUniqueId());
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        holder.beforeEach(context.getUniqueId());
    }

    @Override
    public void afterEach(ExtensionContext context) {
        holder.afterEach(context.getUniqueId());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        holder.afterAll(context.getUniqueId());
    }

    /** Settings of the extension; {@link #build()} validates them. */
    public static final class Builder {
        private final Supplier<String> connectString;
        private int domains = 1;
        private ModelFile models = ModelFile.of(SaturnModel.saturn21());
        private String root = "/zkload/junit-" + UUID.randomUUID().toString().substring(0, 8);
        private boolean jobRuns = true;
        private Duration addTimeout = Duration.ofMinutes(5);
        private Duration connectTimeout = Duration.ofSeconds(30);
        private ZkClientSecurity security = ZkClientSecurity.NONE;
        private UnaryOperator<DomainFleet.Builder> options = UnaryOperator.identity();

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
            this.models = ModelFile.of(Objects.requireNonNull(model, "model"));
            return this;
        }

        /**
         * Any other option of the fleet, on its builder ({@link DomainFleet.Builder}): a model file, a meter
         * registry, keeping the tree on close, taking over a leftover root, the start batch, trees written one
         * request at a time, a fire lag listener. Applied after this builder's settings; the root stays
         * this builder's ({@link #root(String)}), which {@link SaturnDomains#root()} tells. Validated by
         * {@link #build()} like the others.
         *
         * <pre>{@code
         * SaturnDomains.on(ZK::connectString)
         *         .fleetOptions(f -> f.modelFile(ModelFile.read(Path.of("shop.yaml"))).meterRegistry(registry))
         *         .build();
         * }</pre>
         *
         * @param options sets options on the fleet's builder and returns it
         * @return this builder
         */
        public Builder fleetOptions(UnaryOperator<DomainFleet.Builder> options) {
            this.options = Objects.requireNonNull(options, "options");
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
            // the fleet's own rules for every setting, checked now rather than when the tests start
            apply(DomainFleet.builder("127.0.0.1:2181")).build();
            return new SaturnDomains(this);
        }

        /** These settings on a fleet's builder: this builder's own, then the other options, the root last. */
        private DomainFleet.Builder apply(DomainFleet.Builder b) {
            return options.apply(b.modelFile(models)
                            .jobRuns(jobRuns)
                            .addTimeout(addTimeout)
                            .connectTimeout(connectTimeout)
                            .security(security))
                    .root(root);
        }
    }
}
