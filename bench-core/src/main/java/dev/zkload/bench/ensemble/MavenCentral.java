package dev.zkload.bench.ensemble;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.maven.repository.internal.MavenRepositorySystemUtils;
import org.eclipse.aether.DefaultRepositorySystemSession;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.artifact.Artifact;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.repository.LocalRepository;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactDescriptorException;
import org.eclipse.aether.resolution.ArtifactDescriptorRequest;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.resolution.DependencyResolutionException;
import org.eclipse.aether.supplier.RepositorySystemSupplier;
import org.eclipse.aether.transfer.AbstractTransferListener;
import org.eclipse.aether.transfer.TransferEvent;
import org.eclipse.aether.util.artifact.JavaScopes;
import org.eclipse.aether.util.filter.DependencyFilterUtils;
import org.eclipse.aether.util.repository.SimpleArtifactDescriptorPolicy;

/**
 * Resolves a ZooKeeper server release and its runtime dependencies with Maven Resolver, the library
 * Maven itself resolves with: from the local repository ({@code ~/.m2/repository}, or
 * {@code -Dmaven.repo.local}) when everything is there, without touching the network, else from Maven
 * Central into it. ZooKeeper marks the metrics and snappy libraries its server loads as "provided";
 * they are added at the versions its own pom names.
 */
final class MavenCentral {
    static final String URL = "https://repo.maven.apache.org/maven2/";
    private static final Set<String> PROVIDED_AT_RUN_TIME = Set.of("metrics-core", "snappy-java");

    private MavenCentral() {}

    /** The local repository: {@code -Dmaven.repo.local}, else {@code ~/.m2/repository}. */
    static Path localRepository() {
        String local = System.getProperty("maven.repo.local");
        return local != null && !local.isBlank()
                ? Path.of(local)
                : Path.of(System.getProperty("user.home"), ".m2", "repository");
    }

    static List<Path> resolve(ServerVersion version, Consumer<String> progress) throws IOException {
        RepositorySystem system = new RepositorySystemSupplier().get();
        try {
            try {
                return resolve(system, version, true, progress);
            } catch (DependencyResolutionException | ArtifactDescriptorException offline) {
                progress.accept(
                        "Resolving ZooKeeper " + version + " from Maven Central into " + localRepository() + " ...");
                return resolve(system, version, false, progress);
            }
        } catch (DependencyResolutionException | ArtifactDescriptorException e) {
            throw new IOException(
                    "ZooKeeper " + version + " cannot be resolved from Maven Central (" + firstLine(e) + ")", e);
        } finally {
            system.shutdown();
        }
    }

    private static List<Path> resolve(
            RepositorySystem system, ServerVersion version, boolean offline, Consumer<String> progress)
            throws DependencyResolutionException, ArtifactDescriptorException {
        DefaultRepositorySystemSession session = MavenRepositorySystemUtils.newSession();
        session.setLocalRepositoryManager(system.newLocalRepositoryManager(
                session, new LocalRepository(localRepository().toFile())));
        session.setOffline(offline);
        // the poms' profiles are activated by the JDK's properties, as in Maven itself
        session.setSystemProperties(System.getProperties());
        // strict: a missing or broken pom is an error here, not a server with half its dependencies
        session.setArtifactDescriptorPolicy(new SimpleArtifactDescriptorPolicy(false, false));
        session.setTransferListener(new Downloads(progress));
        List<RemoteRepository> central = List.of(new RemoteRepository.Builder("central", "default", URL).build());
        Artifact server = new DefaultArtifact("org.apache.zookeeper", "zookeeper", "jar", version.toString());
        CollectRequest collect = new CollectRequest(new Dependency(server, JavaScopes.RUNTIME), central);
        for (Dependency d : system.readArtifactDescriptor(session, new ArtifactDescriptorRequest(server, central, null))
                .getDependencies()) {
            if (JavaScopes.PROVIDED.equals(d.getScope())
                    && PROVIDED_AT_RUN_TIME.contains(d.getArtifact().getArtifactId())) {
                collect.addDependency(d.setScope(JavaScopes.RUNTIME));
            }
        }
        List<Path> jars = new ArrayList<>();
        for (ArtifactResult r : system.resolveDependencies(
                        session,
                        new DependencyRequest(collect, DependencyFilterUtils.classpathFilter(JavaScopes.RUNTIME)))
                .getArtifactResults()) {
            jars.add(r.getArtifact().getFile().toPath().toAbsolutePath());
        }
        return jars;
    }

    private static String firstLine(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        return (nl < 0 ? m : m.substring(0, nl)).trim();
    }

    /** One progress line per file fetched from Maven Central. */
    private static final class Downloads extends AbstractTransferListener {
        private final Consumer<String> progress;

        Downloads(Consumer<String> progress) {
            this.progress = progress;
        }

        @Override
        public void transferSucceeded(TransferEvent event) {
            String name = event.getResource().getResourceName();
            if (name.endsWith(".jar")) {
                progress.accept(String.format(
                        Locale.ROOT,
                        "  downloaded %s (%,d kB)",
                        name.substring(name.lastIndexOf('/') + 1),
                        event.getTransferredBytes() / 1024));
            }
        }
    }
}
