package dev.zkload.runner.result;

import java.util.List;

/**
 * The {@code refinement} object of {@code summary.json}: how the ramp narrowed the interval between its
 * grid's last stable and first saturated domain counts by bisection.
 *
 * @param resolution      {@code --resolution} as given: a count of domains ({@code 20}) or a percentage of the
 *                        grid's last stable count, or of its saturated count when none was stable ({@code 10%})
 * @param widthDomains    the widest interval that counts as an answer, in domains
 * @param gridMaxStable   the grid's last stable domain count, where the bisection began; 0 when its first load
 *                        step saturated
 * @param gridSaturatedAt the grid's first saturated domain count
 * @param visited         the domain counts of the refinement steps, in the order they ran
 * @param complete        the interval was narrowed to {@code widthDomains}
 * @param endedBy         why the refinement stopped short of the resolution, one sentence; null when complete
 */
public record RefinementSummary(
        String resolution,
        int widthDomains,
        int gridMaxStable,
        int gridSaturatedAt,
        List<Integer> visited,
        boolean complete,
        String endedBy) {

    public RefinementSummary {
        visited = visited == null ? List.of() : List.copyOf(visited);
    }
}
