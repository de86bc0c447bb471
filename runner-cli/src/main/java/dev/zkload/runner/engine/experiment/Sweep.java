package dev.zkload.runner.engine.experiment;

import dev.zkload.runner.engine.health.GeneratorMonitor;
import dev.zkload.runner.engine.health.HealthLimits;
import dev.zkload.runner.engine.run.InterruptFlag;
import dev.zkload.runner.engine.run.PreparedRun;
import dev.zkload.runner.engine.run.RunListener;
import dev.zkload.runner.result.LevelResult;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.RunKind;
import dev.zkload.runner.result.SweepSummary;
import dev.zkload.runner.result.SweepSummary.Stop;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
        /** What it is, as {@code run.json} and {@code summary.json} name it. */
        RunKind kind();

        /** The levels to measure: a list given beforehand, or a search. */
        LevelPlan levels();

        /** Prepares the ensemble before the first level; what cannot be observed goes to {@code notes}. */
        void open(List<String> notes) throws KeeperException, InterruptedException, IOException;

        /** Brings the ensemble to the level and measures it, judging the runner's health with {@code monitor}. */
        LevelResult measure(int index, Level level, GeneratorMonitor monitor)
                throws KeeperException, InterruptedException, IOException;

        /** Removes what the experiment created; never throws, says what it could not remove in {@code notes}. */
        void close(List<String> notes);

        /** The sweep's answer, when it has one beside its levels (e.g. the highest rate that held), by name. */
        default Map<String, Double> answer(List<LevelResult> done) {
            return Map.of();
        }

        /** The answer as the console ends with it, a line each: by default each figure by its name. */
        default List<String> answerLines(Map<String, Double> answer) {
            return answer.entrySet().stream()
                    .map(e -> e.getKey() + ": " + e.getValue())
                    .toList();
        }
    }

    /** Where the levels come from: a list given beforehand, or a search that picks each from the ones before. */
    public interface LevelPlan {
        /** The next level, or empty when the sweep is done. */
        Optional<Level> next(List<LevelResult> done);

        /** How many levels the sweep will measure, or -1 when a search decides as it goes. */
        int requested();

        static LevelPlan of(List<Level> levels) {
            List<Level> all = List.copyOf(levels);
            return new LevelPlan() {
                @Override
                public Optional<Level> next(List<LevelResult> done) {
                    return done.size() < all.size() ? Optional.of(all.get(done.size())) : Optional.empty();
                }

                @Override
                public int requested() {
                    return all.size();
                }
            };
        }
    }

    private Sweep() {}

    /** Runs every level, or until Ctrl-C or a failure; the interrupt of a Ctrl-C is kept for the caller. */
    public static SweepSummary run(PreparedRun run, Experiment experiment, HealthLimits limits, RunListener console) {
        LevelPlan levels = experiment.levels();
        List<String> notes = new ArrayList<>();
        List<LevelResult> done = new ArrayList<>();
        Stop stop = Stop.COMPLETED;
        String detail = null;
        String current = "one";
        try (GeneratorMonitor monitor =
                new GeneratorMonitor(limits, run.target().ensemble().orElse(null))) {
            experiment.open(notes);
            for (Optional<Level> next = levels.next(done); next.isPresent(); next = levels.next(done)) {
                Level level = next.get();
                current = level.label();
                LevelResult result = experiment.measure(done.size() + 1, level, monitor);
                run.results().appendLevel(result);
                console.line(LevelLine.of(result, levels.requested()));
                if (result.interrupted()) {
                    stop = Stop.INTERRUPTED;
                    detail = "Ctrl-C during level " + level.label() + "; the levels before it are complete.";
                    break;
                }
                done.add(result);
            }
        } catch (InterruptedException e) {
            stop = Stop.INTERRUPTED;
            detail = "Ctrl-C before level " + current + " was measured; the levels before it are complete.";
            Thread.currentThread().interrupt();
        } catch (LevelFailedException e) {
            stop = Stop.ERRORS;
            detail = "Level " + current + " FAILED: " + e.getMessage();
        } catch (KeeperException | IOException e) {
            stop = Stop.ERRORS;
            detail = "The ensemble refused at level " + current + ": " + e.getMessage();
        } finally {
            InterruptFlag.aside(() -> experiment.close(notes));
        }
        int requested = levels.requested() < 0 ? done.size() : levels.requested();
        return new SweepSummary(
                ResultFiles.SCHEMA_VERSION,
                experiment.kind().command(),
                requested,
                done.size(),
                stop,
                detail,
                experiment.answer(done),
                Instant.now(),
                notes,
                List.of());
    }

    static double round(double value, int digits) {
        double scale = Math.pow(10, digits);
        return Math.round(value * scale) / scale;
    }
}
