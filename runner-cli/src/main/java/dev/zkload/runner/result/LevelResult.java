package dev.zkload.runner.result;

import dev.zkload.bench.result.OpStats;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One level of an experiment's sweep, a line of {@code levels.jsonl}, appended and flushed when the
 * level is done.
 *
 * @param level       position in the sweep, from 1
 * @param label       the level as it was given (e.g. {@code 100k})
 * @param value       the level's value: znodes, bytes, clients or watches, as the command says
 * @param startTime   when the level began (its preparation included)
 * @param endTime     when its measurement ended
 * @param measured    the quantities the experiment observed at this level, by name (each command's
 *                    names are in docs/experiments.md); a quantity it could not observe is absent,
 *                    and {@code notes} says why
 * @param notes       in words: what could not be observed at this level, or went wrong
 * @param ops         the benchmark's results at this level, by operation
 * @param generator   the runner's own health while it measured
 * @param interrupted the level was cut short by Ctrl-C
 */
public record LevelResult(
        int level,
        String label,
        long value,
        Instant startTime,
        Instant endTime,
        Map<String, Double> measured,
        List<String> notes,
        Map<String, OpStats> ops,
        GeneratorHealth generator,
        boolean interrupted) {

    public LevelResult {
        measured = measured == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(measured));
        notes = notes == null ? List.of() : List.copyOf(notes);
        ops = ops == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(ops));
    }
}
