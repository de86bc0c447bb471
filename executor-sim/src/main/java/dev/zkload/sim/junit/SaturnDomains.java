package dev.zkload.sim.junit;

import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.FleetSnapshot;
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
 *             .fleetOptions(f -> f.model(SaturnModel.saturn3()))
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
 * <p>Two settings are the extension's own: how many {@link Builder#domains(int) domains}, and where the connect
 * string comes from. Every other one is the fleet's, set once, on the fleet's own builder
 * ({@link Builder#fleetOptions}): the model, the root, the timeouts, security, jobs that do not run, a meter
 * registry, … (the default root is {@code /zkload/junit-<8 random hex digits>}, unique per extension).
 *
 * <p>Registered on a {@code static} field, the domains are held once around all the tests of the
 * class, its {@code @Nested} classes' tests included (they share the one fleet, and only the class that
 * registered the extension closes it); on an instance field, around each test. Under JUnit's parallel execution
 * the extension is safe: classes that share one instance (a static field of a common base class) and run at the
 * same time share its one fleet, which the last of them to end closes, and tests that run at the same time inside
 * one class share its fleet as they do one after another. The connect string is
 * asked for before the class's tests; where the supplier has none yet (it returns null or throws: a
 * server that the class's {@code static @BeforeAll} method starts, or another extension that JUnit runs
 * after this one), it is asked again just before the first test, after every {@code @BeforeAll}, and
 * the domains start then. A server from another extension should still come first
 * ({@code @Order}, or its field declared first): JUnit stops extensions in the reverse order, so that
 * one stops after the fleet closed. Hazards: the fleet claims its root (a root another fleet holds fails
 * the tests, naming it) and empties it at the end, so give each extension its own (the default is
 * unique); a domain needs up to three minutes before all its jobs run (registration, resharding,
 * the next fire), so tests that need run traffic should wait for {@link FleetSnapshot#runsCompleted()}.
 *
 * <p>JUnit is an optional dependency of executor-sim: a test that registers this extension has it already.
 */
public final class SaturnDomains implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {
    private final FleetHolder holder;
    private final String root;

    private SaturnDomains(Builder b, String root) {
        this.root = root;
        this.holder = new FleetHolder(b.connectString, b.domains, connect -> b.fleet(connect, root));
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
     * The root the domains live under, deleted at the end: the fleet options' root, or the extension's default.
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
        private final String defaultRoot =
                "/zkload/junit-" + UUID.randomUUID().toString().substring(0, 8);
        private int domains = 1;
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
         * Every option of the fleet, on its own builder ({@link DomainFleet.Builder}): the model or a model file,
         * the root, jobs that do not run, the add and connect timeouts, security, a meter registry, keeping the
         * tree on close, taking over a leftover root, the start batch, trees written one request at a time, a fire
         * lag listener. The fleet's defaults hold where this sets nothing, but for the root, whose default here is
         * {@code /zkload/junit-<random>}. Validated by {@link #build()}.
         *
         * <pre>{@code
         * SaturnDomains.on(ZK::connectString)
         *         .domains(3)
         *         .fleetOptions(f -> f.modelFile(ModelFile.read(Path.of("shop.yaml")))
         *                 .jobRuns(false)
         *                 .meterRegistry(registry))
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
            String root = options(DomainFleet.builder("127.0.0.1:2181")).build().root();
            return new SaturnDomains(this, root);
        }

        /** The extension's default root, then the fleet's options. */
        private DomainFleet.Builder options(DomainFleet.Builder b) {
            return Objects.requireNonNull(options.apply(b.root(defaultRoot)), "fleetOptions returned null");
        }

        /** The fleet on {@code connect}, its root the one {@link #build()} found. */
        private DomainFleet fleet(String connect, String root) {
            DomainFleet f = options(DomainFleet.builder(connect)).build();
            if (!f.root().equals(root)) {
                throw new IllegalStateException("SaturnDomains' fleetOptions set the root " + f.root() + " where they"
                        + " set " + root + " when the extension was built: set one root, the same each time");
            }
            return f;
        }
    }
}
