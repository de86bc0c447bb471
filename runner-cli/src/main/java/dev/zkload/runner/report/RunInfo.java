package dev.zkload.runner.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code run.json} says about a run. The model, target and settings are kept as ordered
 * name/value texts so the report shows every field the ramp wrote, including ones added after this
 * reader was written.
 */
record RunInfo(String tool, String version, String command, List<String> arguments, String startTime,
               String modelName, Footprint expectedPerDomain, Map<String, String> model,
               Map<String, String> target, Map<String, String> settings, List<Map<String, String>> servers) {

    RunInfo {
        arguments = List.copyOf(arguments);
        servers = servers.stream().map(RunInfo::ordered).toList();
        model = ordered(model);
        target = ordered(target);
        settings = ordered(settings);
    }

    private static Map<String, String> ordered(Map<String, String> map) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }

    /** The saturation threshold (leader outstanding requests), if the settings name one. */
    Optional<Double> outstandingThreshold() {
        String text = settings.get("outstandingThreshold");
        if (text == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Double.parseDouble(text));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    String connectString() {
        return target.getOrDefault("connectString", "unknown target");
    }
}
