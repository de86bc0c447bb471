package dev.zkload.sim;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A fleet's workload as a model file (docs/model-files.md gives the format): the Saturn line it
 * follows and a mix of domain kinds, each with its executors, console sharding sessions and jobs
 * (sharding items, cron or fixed interval, type, config size, enabled, run time), weighted. The
 * built-in models {@code saturn-2.1} and {@code saturn-3} are two such files in this jar; a file
 * {@code zkload model scan} wrote from a real cluster is another.
 *
 * <pre>{@code
 * ModelFile mix = ModelFile.read(Path.of("model.yaml"));
 * DomainFleet fleet = DomainFleet.builder(connect).modelFile(mix).build();
 * }</pre>
 */
public final class ModelFile {
    private static final Logger LOG = LoggerFactory.getLogger(ModelFile.class);
    private final String name;
    private final SaturnVersion version;
    private final ZkClientLine zkClient;
    private final List<DomainKind> kinds;
    private final List<String> warnings;

    ModelFile(String name, SaturnVersion version, List<DomainKind> kinds) {
        this(name, version, Objects.requireNonNull(version, "version").defaultClient(), kinds);
    }

    ModelFile(String name, SaturnVersion version, ZkClientLine zkClient, List<DomainKind> kinds) {
        this(name, version, zkClient, kinds, List.of());
    }

    ModelFile(
            String name, SaturnVersion version, ZkClientLine zkClient, List<DomainKind> kinds, List<String> warnings) {
        this.name = Objects.requireNonNull(name, "name");
        this.version = Objects.requireNonNull(version, "version");
        this.zkClient = Objects.requireNonNull(zkClient, "zkClient");
        this.kinds = List.copyOf(kinds);
        this.warnings = List.copyOf(warnings);
        this.warnings.forEach(LOG::warn);
    }

    /**
     * Reads a model file.
     *
     * @param file the YAML file
     * @return the model it describes
     * @throws IllegalArgumentException one sentence naming the file's line that does not parse or make sense
     * @throws UncheckedIOException when the file cannot be read
     * @throws IllegalStateException when SnakeYAML, an optional dependency needed only here, is not there
     */
    public static ModelFile read(Path file) {
        String base = Objects.requireNonNull(file, "file").getFileName().toString();
        requireSnakeYaml();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return ModelFileParser.parse(in, file.toString(), base.replaceFirst("\\.ya?ml$", ""));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read model file " + file + ": " + e.getMessage(), e);
        }
    }

    /** SnakeYAML reads model files: an optional dependency, so its absence is said in one sentence, not a stack. */
    private static void requireSnakeYaml() {
        try {
            Class.forName("org.yaml.snakeyaml.Yaml", false, ModelFile.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(
                    "ModelFile.read needs SnakeYAML (org.yaml:snakeyaml 2.x), an optional dependency of executor-sim"
                            + " needed only for model files: add it to your build",
                    e);
        }
    }

    /**
     * A built-in model, read from the file this jar ships for it.
     *
     * @param name {@code saturn-2.1} or {@code saturn-3}
     * @return the model, the same as {@link SaturnModel#named(String)} as a single-kind file
     * @throws IllegalArgumentException for any other name
     */
    static ModelFile builtIn(String name) {
        SaturnVersion.of(name);
        String resource = "models/" + name + ".yaml";
        try (InputStream in = ModelFile.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks " + resource);
            }
            return ModelFileParser.parse(new InputStreamReader(in, StandardCharsets.UTF_8), resource, name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A fleet whose every domain is of one model.
     *
     * @param model the model
     * @return a single-kind model file
     */
    public static ModelFile of(SaturnModel model) {
        return new ModelFile(model.name(), model.version(), model.zkClient(), List.of(DomainKind.of(model)));
    }

    /**
     * How results and the verdict name the model: the file's {@code model}, else its file name.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * The Saturn line every domain follows.
     *
     * @return the version
     */
    public SaturnVersion version() {
        return version;
    }

    /**
     * The ZooKeeper client line the domains' processes run on: the file's {@code zkClient}, else the one
     * its version's executors ship with.
     *
     * @return the client line
     */
    public ZkClientLine zkClient() {
        return zkClient;
    }

    /**
     * What the file says that is allowed but easy to get wrong, each a sentence naming the file and line
     * (also logged at WARN when the file is read): a job shape with neither {@code cron} nor {@code every},
     * whose jobs never fire on their own.
     *
     * @return the warnings, empty for none
     */
    public List<String> warnings() {
        return warnings;
    }

    /**
     * What one domain adds on the servers on average over the mix, each kind by its weight.
     *
     * @return the expected footprint per domain
     */
    public Footprint expectedFootprint() {
        double total = kinds.stream().mapToDouble(DomainKind::weight).sum();
        double[] sum = new double[6];
        for (DomainKind k : kinds) {
            Footprint f = FootprintModel.of(version, zkClient, k);
            double share = k.weight() / total;
            double[] v = {f.znodes(), f.ephemerals(), f.watches(), f.sessions(), f.writesPerSec(), f.readsPerSec()};
            for (int i = 0; i < v.length; i++) {
                sum[i] += v[i] * share;
            }
        }
        return new Footprint(sum[0], sum[1], sum[2], sum[3], round(sum[4]), round(sum[5]));
    }

    /**
     * The most sessions a domain of the mix opens (executors plus consoles of its largest kind), to
     * plan connections against.
     *
     * @return sessions of the largest domain
     */
    public int sessionsPerDomain() {
        return kinds.stream().mapToInt(DomainKind::sessions).max().orElseThrow();
    }

    /**
     * The sessions the fleet's first {@code domains} domains open at most, to plan connections against:
     * each kind's share of them rounded up, its sessions each, and never more than that many domains of
     * the largest kind. Never under the truth: the fleet adds the kind furthest behind its share, so no
     * kind ever gets a whole domain ahead of it. Exact for a single kind.
     *
     * @param domains domains of the fleet, from its first
     * @return sessions they open at most
     */
    public int sessions(int domains) {
        double total = kinds.stream().mapToDouble(DomainKind::weight).sum();
        long byShare = 0;
        for (DomainKind k : kinds) {
            byShare += (long) Math.ceil(domains * k.weight() / total) * k.sessions();
        }
        return (int) Math.min(byShare, (long) domains * sessionsPerDomain());
    }

    /**
     * The mix in words, with each kind's size: {@code "80% small (3 executors, 35 jobs), 20% big (12
     * executors, 240 jobs)"}.
     *
     * @return the kinds with their shares
     */
    public String describe() {
        return inWords(DomainKind::describe, "");
    }

    /**
     * The mix as a verdict names a count of its domains: {@code "80% like small, 20% like big"}, or
     * {@code "all like small"} for a single kind.
     *
     * @return the kinds' names with their shares
     */
    public String shares() {
        return inWords(k -> "like " + k.name(), "all ");
    }

    /** Each kind in words, after its share of the fleet (or {@code single} when it is the only kind). */
    private String inWords(Function<DomainKind, String> kind, String single) {
        double total = kinds.stream().mapToDouble(DomainKind::weight).sum();
        List<String> parts = new ArrayList<>();
        for (DomainKind k : kinds) {
            parts.add(
                    kinds.size() == 1
                            ? single + kind.apply(k)
                            : String.format(Locale.ROOT, "%.0f%% %s", k.weight() * 100 / total, kind.apply(k)));
        }
        return String.join(", ", parts);
    }

    /**
     * How often a Quartz cron fires on average, as the simulator runs it (docs/model-files.md).
     *
     * @param cron a cron as Saturn stores it in {@code config/cron}, e.g. {@code 0/5 * * * * ?}
     * @return fires per minute, e.g. 12
     * @throws IllegalArgumentException saying what cannot be read
     */
    public static double firesPerMinute(String cron) {
        return CronRate.firesPerDay(cron) / (24 * 60);
    }

    List<DomainKind> kinds() {
        return kinds;
    }

    /** The fleet's domain kinds in the order it adds them ({@link DomainMix}). */
    DomainMix mix() {
        return new DomainMix(kinds);
    }

    /** The kind of the fleet's domain {@code index} (from 0), as {@link #mix()} gives them. */
    DomainKind kindAt(int index) {
        DomainMix mix = mix();
        DomainKind kind = mix.next();
        for (int n = 0; n < index; n++) {
            kind = mix.next();
        }
        return kind;
    }

    private static double round(double v) {
        return Math.round(v * 100.0) / 100.0;
    }
}
