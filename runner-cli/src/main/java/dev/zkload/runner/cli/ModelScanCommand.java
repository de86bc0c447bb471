package dev.zkload.runner.cli;

import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.RunFailure;
import dev.zkload.runner.cli.options.DurationConverter;
import dev.zkload.runner.cli.options.SecurityOptions;
import dev.zkload.runner.engine.scan.ReadOnlyZk;
import dev.zkload.runner.engine.scan.SaturnScanner;
import dev.zkload.runner.engine.scan.ScanBudget;
import dev.zkload.runner.engine.scan.ScanNotes;
import dev.zkload.runner.engine.scan.ScannedDomain;
import dev.zkload.runner.engine.scan.ScannedModel;
import dev.zkload.runner.text.Plural;
import dev.zkload.zk.connect.ConnectString;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code model scan}: reads Saturn namespaces read-only (three kinds of read, no watch, a bounded
 * rate and count of requests) and writes the model file of what it found, for {@code --model-file}.
 */
@Command(
        name = "scan",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Read Saturn namespaces read-only and write their model file (docs/model-files.md).")
public final class ModelScanCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--connect",
            required = true,
            paramLabel = "HOSTS",
            description = "The Saturn ensemble (host:port,...), with a chroot if Saturn uses one.")
    String connect;

    @Option(
            names = "--namespaces",
            split = ",",
            paramLabel = "NS",
            description = "The namespaces to read, comma separated.")
    List<String> namespaces;

    @Option(names = "--all", description = "Read every namespace (every top-level znode with a $Jobs child).")
    boolean all;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The model file to write.")
    Path out;

    @Option(
            names = "--consoles",
            paramLabel = "N",
            description = "The Saturn console instances serving this ensemble: each takes part in every namespace's"
                    + " sharding, but ZooKeeper shows only the leader (default: what it shows, at least 1).")
    int consoles;

    @Option(
            names = "--max-rate",
            paramLabel = "N",
            defaultValue = "50",
            description = "Requests per second at most (default: ${DEFAULT-VALUE}).")
    double maxRate;

    @Option(
            names = "--max-requests",
            paramLabel = "N",
            defaultValue = "200000",
            description = "Requests in all at most; the scan stops, writing nothing, as soon as its pace says it"
                    + " would need more (default: ${DEFAULT-VALUE}).")
    long maxRequests;

    @Option(
            names = "--connect-timeout",
            paramLabel = "DURATION",
            defaultValue = "15s",
            converter = DurationConverter.class,
            description = "How long to wait for the ensemble (default: ${DEFAULT-VALUE}).")
    Duration connectTimeout;

    @Mixin
    SecurityOptions security = new SecurityOptions();

    @Override
    public Integer call() throws InterruptedException {
        if (all == (namespaces != null && !namespaces.isEmpty())) {
            throw new ParameterException(spec.commandLine(), "give either --namespaces a,b or --all");
        }
        if (!(maxRate > 0) || maxRequests < 1 || consoles < 0) {
            throw new ParameterException(
                    spec.commandLine(), "--max-rate, --max-requests and --consoles must be positive");
        }
        if (!all) {
            requireDistinct(namespaces);
        }
        requireWritable(out);
        ConnectString cs;
        try {
            cs = ConnectString.parse(connect);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--connect: " + e.getMessage());
        }
        var credentials = security.spec(spec);
        PrintWriter console = spec.commandLine().getOut();
        long t0 = System.nanoTime();
        List<ScannedDomain> domains = new ArrayList<>();
        long requests;
        try (ReadOnlyZk zk = ReadOnlyZk.connect(cs, credentials, connectTimeout, maxRate, maxRequests)) {
            SaturnScanner scanner = new SaturnScanner(zk, "/");
            List<String> names = all ? scanner.namespaces() : namespaces;
            // the jobs counted first, so that a scan that cannot finish within --max-requests stops at once
            long jobs = 0;
            for (String ns : names) {
                List<String> listed = zk.children("/" + ns + "/$Jobs");
                jobs += listed == null ? 0 : listed.size();
            }
            zk.watchRequests(new ScanBudget(maxRequests, jobs, zk::requests));
            for (String ns : names) {
                domains.add(scanner.scan(ns));
            }
            requests = zk.requests();
        } catch (IOException e) {
            throw new RunFailure("cannot scan " + cs + ": " + e.getMessage() + "; nothing was written", e);
        }
        if (domains.stream().allMatch(d -> d.jobs().isEmpty())) {
            throw new RunFailure("no job found in " + (all ? "any namespace" : String.join(", ", namespaces)) + " on "
                    + cs + ", so there is nothing to model; nothing was written");
        }
        String name = out.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        List<String> notes = ScanNotes.of(domains);
        write(ScannedModel.of(name, domains, consoles, requests), cs, notes);
        notes.forEach(console::println);
        console.printf(
                "Read %s (%d jobs, %d executors online) in %d requests over %.1f s; wrote %s.%n",
                Plural.of(domains.size(), "namespace"),
                domains.stream().mapToInt(d -> d.jobs().size()).sum(),
                domains.stream().mapToInt(ScannedDomain::online).sum(),
                requests,
                (System.nanoTime() - t0) / 1e9,
                out);
        return ExitCodes.OK;
    }

    /** A namespace named twice would be read, and modelled, twice. */
    private void requireDistinct(List<String> names) {
        Set<String> seen = new HashSet<>();
        for (String ns : names) {
            if (ns.isBlank()) {
                throw new ParameterException(spec.commandLine(), "--namespaces has an empty name");
            }
            if (!seen.add(ns)) {
                throw new ParameterException(spec.commandLine(), "--namespaces names '" + ns + "' twice");
            }
        }
    }

    /** Before the scan, not after it: minutes of reads must not end in an error about the file. */
    private void requireWritable(Path file) {
        String why = whyNotWritable(file);
        if (why != null) {
            throw new ParameterException(spec.commandLine(), "--out " + file + " " + why);
        }
    }

    private static String whyNotWritable(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        if (Files.isDirectory(file)) {
            return "is a directory; give the file to write";
        }
        if (parent == null || !Files.isDirectory(parent)) {
            return "cannot be written: its directory " + parent + " does not exist";
        }
        if (Files.exists(file)) {
            return Files.isWritable(file) ? null : "cannot be written (no permission)";
        }
        return Files.isWritable(parent) ? null : "cannot be written: no permission to create it in " + parent;
    }

    private void write(Map<String, Object> model, ConnectString cs, List<String> notes) {
        try {
            Files.writeString(out, ScannedModel.yaml(model, cs.toString(), notes), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new RunFailure("cannot write " + out + ": " + e.getMessage(), e);
        }
    }
}
