package dev.zkload.runner.engine.run;

import dev.zkload.runner.RunFailure;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The one shape of every run, whoever drives it: the target opened and checked, the root locked and the results
 * folder made ({@link PreparedRun}); the body that measures, writing {@code run.json} and what it measures; then,
 * Ctrl-C or not, the thresholds judged on the folder as the body left it and {@code summary.json} written last;
 * the root released and an embedded ensemble stopped. What the summary means for an exit code is the caller's.
 *
 * <pre>{@code
 * RunTemplate.Done<RampSummary> done = RunTemplate.execute(start, plan.connectionDemand(), listener, run -> {
 *     run.writeRun(List.of(), Map.of(), plan.settings());
 *     try (GeneratorMonitor monitor = new GeneratorMonitor(plan.health(), null)) {
 *         return new Ramp(plan, run, listener, monitor, null).run();
 *     }
 * }, RunTemplate.unjudged());
 * }</pre>
 */
public final class RunTemplate {
    private RunTemplate() {}

    /** What a run measures, in the run prepared for it. */
    @FunctionalInterface
    public interface Body<S> {
        S run(PreparedRun run) throws InterruptedException;
    }

    /** The summary with its thresholds judged on what the run left in {@code dir}. */
    @FunctionalInterface
    public interface Judge<S> {
        S judged(S summary, Path dir) throws IOException;
    }

    /**
     * The summary as written to {@code summary.json}, and whether the run was interrupted: the thread's flag as the
     * body left it (every body sets it again when Ctrl-C stopped it), set again for the caller too.
     */
    public record Done<S>(S summary, boolean interrupted) {}

    /** A run without thresholds: the summary as the body returned it. */
    public static <S> Judge<S> unjudged() {
        return (summary, dir) -> summary;
    }

    /**
     * Prepares the run, runs its body, judges and writes its summary.
     *
     * @param demand the connections the run opens, checked against the servers' limit; null when not checked
     * @throws RunFailure when the target or a check refuses, or the judge cannot read the results back (exit 1)
     * @throws java.io.UncheckedIOException when {@code summary.json} cannot be written
     */
    public static <S> Done<S> execute(
            RunStart start, ConnectionDemand demand, RunListener listener, Body<S> body, Judge<S> judge)
            throws InterruptedException {
        PreparedRun run = PreparedRun.open(start, listener, demand);
        try {
            S measured = body.run(run);
            boolean interrupted = Thread.currentThread().isInterrupted();
            S summary = InterruptFlag.aside(() -> {
                S judged = judged(judge, measured, run.results().dir());
                run.results().writeSummary(judged);
                return judged;
            });
            return new Done<>(summary, interrupted);
        } finally {
            // after Ctrl-C as after any end: the root released, an embedded ensemble's servers stopped in order
            InterruptFlag.aside(run::close);
        }
    }

    private static <S> S judged(Judge<S> judge, S summary, Path dir) {
        try {
            return judge.judged(summary, dir);
        } catch (IOException e) {
            throw new RunFailure("cannot read the results back to judge the thresholds: " + e.getMessage(), e);
        }
    }
}
