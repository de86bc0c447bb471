package dev.zkload.runner.cli;

import dev.zkload.bench.ops.RunIds;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.cli.options.RampOptions;
import dev.zkload.runner.cli.options.Workload;
import dev.zkload.runner.engine.health.GeneratorMonitor;
import dev.zkload.runner.engine.ramp.BenchedServer;
import dev.zkload.runner.engine.ramp.Ramp;
import dev.zkload.runner.engine.ramp.RampPlan;
import dev.zkload.runner.engine.ramp.Repeats;
import dev.zkload.runner.engine.resources.PrometheusLookup;
import dev.zkload.runner.engine.run.PreparedRun;
import dev.zkload.runner.engine.run.RunStart;
import dev.zkload.runner.engine.run.RunTemplate;
import dev.zkload.runner.metrics.MetricsEndpoint;
import dev.zkload.runner.progress.Progress;
import dev.zkload.runner.report.RepeatReport;
import dev.zkload.runner.result.RampSummary;
import dev.zkload.runner.result.RepeatSummary;
import dev.zkload.runner.result.ResultReader;
import dev.zkload.runner.result.RunKind;
import dev.zkload.runner.result.RunResults;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StopReason;
import dev.zkload.runner.threshold.Catalogs;
import dev.zkload.runner.threshold.RampMeasurements;
import dev.zkload.runner.threshold.Threshold;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * Runs the ramp for the top-level command: validates every option before anything starts, opens and
 * checks the target, writes run.json first and summary.json last (also on Ctrl-C and failures) with the
 * thresholds judged, builds the reports, removes the simulated domains unless {@code --keep}, and maps the
 * outcome to the exit code.
 */
public final class RampCommand {
    private final CommandSpec spec;
    private final RampOptions options;
    private final List<String> arguments;
    private final Progress progress;
    /** The engine's reports, on the console. */
    private final ConsoleListener listener;

    private RampCommand(CommandSpec spec, RampOptions options, List<String> arguments) {
        this.spec = spec;
        this.options = options;
        this.arguments = arguments;
        this.progress = Progress.forConsole(options.load.output.console(spec));
        this.listener = new ConsoleListener(progress);
    }

    public static int run(CommandSpec spec, RampOptions options, List<String> arguments) throws InterruptedException {
        return new RampCommand(spec, options, arguments).run();
    }

    private int run() throws InterruptedException {
        options.validate(spec);
        Workload model = options.load.model.workload(spec);
        Path out = options.load.output.checked(null, spec);
        return options.repeat == 1 ? once(model, out).code() : repeated(model, out);
    }

    /** One ramp's summary and the exit code it alone would end with. */
    private record Outcome(RampSummary summary, int code) {}

    private Outcome once(Workload model, Path out) throws InterruptedException {
        String runId = RunIds.next();
        RampPlan plan = options.plan(spec, "/zkload/ramp-" + runId, model);
        List<Threshold> thresholds = thresholds(plan);
        RunStart start = new RunStart(
                RunKind.RAMP,
                runId,
                plan.root(),
                options.load.target.spec(spec, 3),
                options.load.serverMetrics.adminUrls(spec),
                plan.serverMetrics(),
                false,
                out,
                options.serverProcesses.lookup(spec, options.load.target.connect == null));
        RampSummary summary;
        Optional<MetricsEndpoint> metrics = options.load.metrics.start();
        try {
            metrics.ifPresent(m -> progress.line("Serving meters for Prometheus on port %d (/metrics)", m.port()));
            summary = ramp(start, plan, model, metrics, thresholds);
        } finally {
            metrics.ifPresent(MetricsEndpoint::close);
        }
        FinalReport.write(out, options.load.output.console(spec));
        progress.line("Stopped: %s — %s.", summary.stopReason().json(), summary.message());
        summary.qualifications().forEach(q -> progress.line("Note: %s", q));
        progress.line("Verdict: %s", summary.verdict());
        if (options.load.model.modelFile != null) {
            // the domains counted above are the file's, added in its proportions
            progress.line(
                    "Domains are those of %s: %s.",
                    model.models().name(), model.models().describe());
        }
        Gates.print(options.load.output.console(spec), summary.thresholds());
        progress.line("Results in %s", out);
        if (options.load.output.json) {
            Gates.printJson(spec.commandLine().getOut(), summary);
        }
        int code =
                switch (summary.stopReason()) {
                    case INTERRUPTED -> ExitCodes.INTERRUPTED;
                    case ERRORS, SERVER_REFUSED_CONNECTIONS -> ExitCodes.RUNTIME_FAILURE;
                    // an answer, however qualified: the verdict says what limited it
                    case TARGET_REACHED, SATURATED, GENERATOR_BOUND, HOST_BUSY, CANNOT_ADD_DOMAINS, DISTURBED ->
                        ExitCodes.OK;
                };
        return new Outcome(summary, Gates.exitCode(code, summary.thresholds()));
    }

    /**
     * {@code --repeat N}: the ramp N times on the same target, each in its own folder ({@code run-1}, …) on a
     * root of its own and, without {@code --connect}, a newly started embedded ensemble, so that no run
     * inherits another's server state; then {@code repeat.json} and {@code repeat.md} with the spread of their
     * answers. The exit code is the first run's that was not 0; Ctrl-C ends the repeat after the run it hit.
     */
    private int repeated(Workload model, Path out) throws InterruptedException {
        List<String> folders = new ArrayList<>();
        List<RampSummary> summaries = new ArrayList<>();
        List<StepResult> baselines = new ArrayList<>();
        int code = ExitCodes.OK;
        for (int i = 1; i <= options.repeat; i++) {
            String folder = "run-" + i;
            progress.line("Run %d of %d, into %s", i, options.repeat, out.resolve(folder));
            Outcome o = once(model, out.resolve(folder));
            folders.add(folder);
            summaries.add(o.summary());
            baselines.add(ResultReader.baseline(out.resolve(folder)).orElse(null));
            code = code == ExitCodes.OK ? o.code() : code;
            if (o.summary().stopReason() == StopReason.INTERRUPTED) {
                code = o.code();
                break;
            }
        }
        RepeatSummary repeat = Repeats.summarize(folders, summaries, baselines, options.step, model.yourDomains());
        RepeatReport.write(out, repeat);
        progress.line("Repeatability: %s", repeat.verdict());
        progress.line("Runs and their spread in %s", out);
        return code;
    }

    /**
     * The thresholds, checked against the ramp's steps before anything starts. A shard's folder holds its
     * share of the simulated sessions and (but for shard 0) no benchmark, so thresholds are judged on the
     * merged run: {@code report DIR... --out MERGED --threshold ...}.
     */
    private List<Threshold> thresholds(RampPlan plan) {
        List<Integer> steps = IntStream.rangeClosed(1, plan.loadSteps())
                .map(plan::domainsAt)
                .boxed()
                .toList();
        List<Threshold> parsed = options.thresholds.parse(spec, Catalogs.RAMP, Optional.of(steps));
        if (!parsed.isEmpty() && !plan.shard().alone()) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--threshold is judged on the merged run of all shards: give it to 'report DIR... --out MERGED'"
                            + " instead");
        }
        return parsed;
    }

    /** The summary with its thresholds judged on the results folder as the ramp left it. */
    private static RampSummary judged(RampSummary summary, Path out, List<Threshold> thresholds) throws IOException {
        if (thresholds.isEmpty()) {
            return summary;
        }
        RunResults results = ResultReader.read(out);
        return summary.withThresholds(Gates.judge(thresholds, new RampMeasurements(results, Optional.of(summary))));
    }

    /**
     * The ramp from the preflight to summary.json, the domains removed (unless --keep) and the ensemble stopped. An
     * option the preflight finds wrong for the target (a {@code --server-prometheus} entry naming a server the run
     * does not read) is bad usage, as if picocli had found it.
     */
    private RampSummary ramp(
            RunStart start,
            RampPlan plan,
            Workload model,
            Optional<MetricsEndpoint> metrics,
            List<Threshold> thresholds)
            throws InterruptedException {
        try {
            return RunTemplate.execute(
                            start,
                            plan.connectionDemand(),
                            listener,
                            run -> measure(run, plan, model, metrics),
                            (summary, dir) -> judged(summary, dir, thresholds))
                    .summary();
        } catch (PrometheusLookup.UnknownServer e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    /** run.json, then the ramp's steps with the runner watched. */
    private RampSummary measure(PreparedRun run, RampPlan plan, Workload model, Optional<MetricsEndpoint> metrics)
            throws InterruptedException {
        Map<String, Object> settings = plan.settings();
        Optional<BenchedServer> benched = BenchedServer.of(plan.benchTarget(), run.servers());
        benched.ifPresent(b -> settings.put("benchmarked", b.describe()));
        run.writeRun(arguments, model.description(), settings);
        benched.flatMap(BenchedServer::warning).ifPresent(w -> progress.line("%s", w));
        try (GeneratorMonitor monitor =
                new GeneratorMonitor(plan.health(), run.target().ensemble().orElse(null))) {
            return new Ramp(
                            plan,
                            run,
                            listener,
                            monitor,
                            metrics.map(MetricsEndpoint::registry).orElse(null))
                    .run();
        }
    }
}
