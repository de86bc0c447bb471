package dev.zkload.runner.engine.run;

import dev.zkload.runner.result.StepResult;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** What a run told its listener, kept for a test to read: its lines, statuses, recorded steps and its tree. */
public final class RecordingListener implements RunListener {
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final List<String> statuses = new CopyOnWriteArrayList<>();
    private final List<StepResult> steps = new CopyOnWriteArrayList<>();
    private final List<String> trees = new CopyOnWriteArrayList<>();

    @Override
    public void line(String text) {
        lines.add(text);
    }

    @Override
    public void status(String text) {
        statuses.add(text);
    }

    @Override
    public void stepRecorded(StepResult step, String text) {
        steps.add(step);
        line(text);
    }

    @Override
    public void treeLeftIfQuit(String cleanCommand) {
        trees.add("left if quit: " + cleanCommand);
    }

    @Override
    public void treeRemoved(String cleanCommand) {
        trees.add("removed: " + cleanCommand);
    }

    /** What it was told of the run's tree on the ensemble, in order. */
    public List<String> trees() {
        return List.copyOf(trees);
    }

    public List<String> lines() {
        return List.copyOf(lines);
    }

    public List<String> statuses() {
        return List.copyOf(statuses);
    }

    public List<StepResult> steps() {
        return List.copyOf(steps);
    }

    /** The lines as a console shows them, one after another. */
    public String text() {
        return String.join("\n", lines);
    }
}
