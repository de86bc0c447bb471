package dev.zkload.runner.engine.experiment;

import dev.zkload.runner.engine.health.GeneratorMonitor;
import dev.zkload.runner.engine.health.HealthLimits;
import dev.zkload.runner.engine.run.PreparedRun;
import dev.zkload.runner.result.LevelResult;
import dev.zkload.runner.result.SweepSummary;
import dev.zkload.runner.result.SweepSummary.Stop;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.zookeeper.KeeperException;

/**
 * The loop every experiment shares: each level measured in turn and appended to
 * {@code levels.jsonl} at once, the runner's health judged over each measurement, and an end that
 * keeps what finished — after the last level, Ctrl-C or a refusal — with the experiment's own
 * clean-up always run.
 */
public final class Sweep {
    /** What an experiment does around and at each level. */
    public interface Experiment {
        /** The command, as {@code summary.json} names it. */
        String command();

        /** Prepares the ensemble before the first level; what cannot be observed goes to {@code notes}. */
        void open(List<String> notes) throws KeeperException, InterruptedException, IOException;

        /** Brings the ensemble to the level and measures it, judging the runner's health with {@code monitor}. */
        LevelResult measure(int index, Level level, GeneratorMonitor monitor)
                throws KeeperException, InterruptedException, IOException;

        /** Removes what the experiment created; never throws, says what it could not remove in {@code notes}. */
        void close(List<String> notes);
    }

    private Sweep() {}

    /** Runs every level, or until Ctrl-C or a failure; the interrupt of a Ctrl-C is kept for the caller. */
    public static SweepSummary run(
            PreparedRun run, Experiment experiment, List<Level> levels, HealthLimits limits, PrintWriter console) {
        List<String> notes = new ArrayList<>();
        int finished = 0;
        Stop stop = Stop.COMPLETED;
        String detail = null;
        try (GeneratorMonitor monitor =
                new GeneratorMonitor(limits, run.target().ensemble().orElse(null))) {
            experiment.open(notes);
            for (Level level : levels) {
                LevelResult result = experiment.measure(finished + 1, level, monitor);
                run.results().appendLevel(result);
                console.println(LevelLine.of(result, levels.size()));
                console.flush();
                if (result.interrupted()) {
                    stop = Stop.INTERRUPTED;
                    detail = "Ctrl-C during level " + level.label() + "; the levels before it are complete.";
                    break;
                }
                finished++;
            }
        } catch (InterruptedException e) {
            stop = Stop.INTERRUPTED;
            detail = "Ctrl-C before level "
                    + levels.get(Math.min(finished, levels.size() - 1)).label()
                    + " was measured; the levels before it are complete.";
            Thread.currentThread().interrupt();
        } catch (KeeperException | IOException e) {
            stop = Stop.ERRORS;
            detail = "The ensemble refused at level "
                    + levels.get(Math.min(finished, levels.size() - 1)).label() + ": " + e.getMessage();
        } finally {
            boolean interrupted = Thread.interrupted();
            experiment.close(notes);
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        return new SweepSummary(experiment.command(), levels.size(), finished, stop, detail, Instant.now(), notes);
    }

    static double round(double value, int digits) {
        double scale = Math.pow(10, digits);
        return Math.round(value * scale) / scale;
    }
}
