package dev.zkload.runner.threshold;

import java.util.List;
import java.util.Optional;

/**
 * The metrics one command measures, and what {@code @LEVEL} selects in its runs.
 *
 * @param command   the command's name, for messages
 * @param levelWord what the command calls one of its levels that {@code @} may pick: the ramp's {@code step}, an
 *                  experiment's {@code level}; null when its thresholds take no {@code @} (its levels, if any, are
 *                  not known before the run)
 * @param levelName what a level counts, as results name it ({@code domains} for the ramp: {@code @200} is the step
 *                  with 200 domains; {@code calls/s} for the rates {@code max-rate} tried), or null when the command
 *                  has no levels
 * @param metrics   what its thresholds may name
 */
public record Catalog(String command, String levelWord, String levelName, List<Metric> metrics) {
    public Catalog {
        metrics = List.copyOf(metrics);
    }

    Optional<Metric> metric(String name) {
        return metrics.stream().filter(m -> m.name().equals(name)).findFirst();
    }

    /** The names, for error messages and help: {@code max-stable-domains, pN(op), tps(op), …}. */
    public String names() {
        return String.join(", ", metrics.stream().map(Metric::signature).toList());
    }
}
