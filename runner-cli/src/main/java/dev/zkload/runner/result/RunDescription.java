package dev.zkload.runner.result;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * {@code run.json}, written first: what was run, against what (every server's version, mode and the
 * source of its statistics), with which model and settings.
 */
public record RunDescription(
        int schemaVersion,
        String tool,
        String version,
        String command,
        List<String> arguments,
        Instant startTime,
        String runId,
        String root,
        Map<String, Object> model,
        Map<String, Object> target,
        Map<String, Object> settings) {

    public RunDescription {
        arguments = arguments == null ? List.of() : List.copyOf(arguments);
        model = model == null ? Map.of() : model;
        target = target == null ? Map.of() : target;
        settings = settings == null ? Map.of() : settings;
    }

    /**
     * What wrote the folder.
     *
     * @throws IllegalArgumentException for a command this zkload does not read
     */
    public RunKind kind() {
        return RunKind.of(command);
    }
}
