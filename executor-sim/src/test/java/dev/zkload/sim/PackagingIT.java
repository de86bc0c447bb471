package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.sim.testing.ChildJvm;
import dev.zkload.sim.testing.PlainFleetChild;
import dev.zkload.zk.ZkTrees;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.curator.RetryLoop;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.yaml.snakeyaml.Yaml;

/**
 * The library as its consumers' JVMs meet it, each in a JVM of its own that runs a fleet of one domain: from the
 * module path, as a modular application has it, and from a class path without the optional dependencies.
 */
// ZooKeeper.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
class PackagingIT {
    private static LocalEnsemble zk;

    @BeforeAll
    static void start() throws Exception {
        zk = LocalEnsemble.builder().servers(1).heap("256m").build();
        zk.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (zk != null) {
            zk.close();
        }
    }

    @AfterEach
    void nothingIsLeftOnTheServer() throws Exception {
        try (ZooKeeper observer = ZkClients.connect(zk.connectString())) {
            assertThat(observer.exists("/zkload", false))
                    .as("what the child's fleet left")
                    .isNull();
        }
    }

    /**
     * executor-sim, zk-foundation, ZooKeeper (zookeeper-jute patched into it), Curator and SLF4J on the module
     * path, the application and everything else on the class path, and the one flag docs/executor-sim.md gives:
     * the fleet runs from the named module {@code dev.zkload.sim}, and the foundation's packages it does not
     * export stay closed to the application.
     */
    @Test
    void aFleetRunsFromTheModulePathAndTheFoundationsInternalsStayClosed(@TempDir Path dir) throws Exception {
        Set<String> modules = Stream.of(
                        DomainFleet.class, // executor-sim
                        ZkTrees.class, // zk-foundation
                        ZooKeeper.class,
                        CuratorFramework.class,
                        RetryLoop.class, // curator-client
                        Logger.class)
                .map(ChildJvm::locationOf)
                .collect(Collectors.toSet());
        String jute = ChildJvm.locationOf(Stat.class);

        String out = ChildJvm.run(
                dir.resolve("child.log"),
                List.of(
                        "--module-path",
                        String.join(File.pathSeparator, modules),
                        "--patch-module",
                        "zookeeper=" + jute,
                        "--add-modules",
                        "dev.zkload.sim",
                        "-cp",
                        ChildJvm.classPathWithout(p -> modules.contains(p) || p.equals(jute))),
                PlainFleetChild.class,
                zk.connectString(),
                "/zkload/module-path");

        assertThat(out).contains("module=dev.zkload.sim", "internals=closed", "domains=1 sessions=5");
    }

    /**
     * A fleet from a built-in model and without a meter registry needs neither Micrometer nor SnakeYAML; reading a
     * model file without SnakeYAML says what to add.
     */
    @Test
    void aFleetWithoutMetersOrModelFilesNeedsNeitherMicrometerNorSnakeYaml(@TempDir Path dir) throws Exception {
        String micrometer = ChildJvm.locationOf(MeterRegistry.class);
        String snakeYaml = ChildJvm.locationOf(Yaml.class);
        String classPath = ChildJvm.classPathWithout(p -> p.contains("micrometer") || p.equals(snakeYaml));
        assertThat(classPath).doesNotContain(micrometer, snakeYaml);

        String out = ChildJvm.run(
                dir.resolve("child.log"),
                List.of("-cp", classPath),
                PlainFleetChild.class,
                zk.connectString(),
                "/zkload/without-optional",
                "model-file");

        assertThat(out)
                .contains("module=unnamed", "internals=open", "domains=1 sessions=5")
                .as("reading a model file without SnakeYAML is one sentence")
                .contains("modelFile=ModelFile.read needs SnakeYAML (org.yaml:snakeyaml 2.x), an optional dependency of"
                        + " executor-sim needed only for model files: add it to your build");
    }
}
