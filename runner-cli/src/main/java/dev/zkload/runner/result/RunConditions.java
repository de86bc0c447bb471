package dev.zkload.runner.result;

/**
 * What tells two ramps' conditions apart beside their answers: the resource each was limited by, what the
 * machine's other processes took, and how fast the empty ensemble wrote and fsynced when the run began. Two
 * answers from two hours of one machine are told apart by these ({@code --repeat}'s repeat.md, {@code compare}).
 *
 * @param limitedBy             the resource the summary named ({@code this-machine}, {@code leader-cpu}, …); null
 *                              when none was
 * @param hostNoisePercent      the summary's: the most of the machine's cores others took in a load step, %
 * @param baselineCreatesPerSec the baseline benchmark's creates per second on the empty ensemble (one call at a time:
 *                              its write latency, inverted); null when not measured
 * @param baselineFsyncMs       the empty ensemble's leader's mean fsync over the baseline, ms; null when not read
 */
public record RunConditions(
        String limitedBy, Double hostNoisePercent, Double baselineCreatesPerSec, Double baselineFsyncMs) {

    /** A run's conditions from its summary (null when it has none) and its baseline step (null when none). */
    public static RunConditions of(RampSummary summary, StepResult baseline) {
        return new RunConditions(
                summary == null || summary.limitedBy() == null
                        ? null
                        : summary.limitedBy().resource().json(),
                summary == null ? null : summary.hostNoisePercent(),
                baseline == null || !baseline.ops().containsKey("create")
                        ? null
                        : baseline.ops().get("create").opsPerSec(),
                baseline == null ? null : leaderFsync(baseline));
    }

    /** The mean fsync of the step's leader (its stages name it), ms; null when not read. */
    private static Double leaderFsync(StepResult step) {
        if (step.stages() == null || step.resources() == null) {
            return null;
        }
        ServerUsage leader = step.resources().servers().get(step.stages().server());
        return leader == null || leader.fsync() == null ? null : leader.fsync().meanMs();
    }
}
