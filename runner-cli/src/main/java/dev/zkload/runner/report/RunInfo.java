package dev.zkload.runner.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.runner.result.RunDescription;
import dev.zkload.sim.Footprint;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code run.json} says about a run, as the report shows it. The model, target and settings are
 * kept as ordered name/value texts so the report shows every field the run wrote, including ones added
 * after this report was written.
 */
record RunInfo(
        String tool,
        String version,
        String command,
        List<String> arguments,
        String startTime,
        String modelName,
        Footprint expectedPerDomain,
        Map<String, String> model,
        Map<String, String> target,
        Map<String, String> settings,
        List<Map<String, String>> servers) {

    RunInfo {
        arguments = List.copyOf(arguments);
        servers = servers.stream().map(RunInfo::ordered).toList();
        model = ordered(model);
        target = ordered(target);
        settings = ordered(settings);
    }

    private static final ObjectMapper JSON = ResultJson.compact();

    static RunInfo of(RunDescription run) {
        JsonNode model = JSON.valueToTree(run.model());
        JsonNode target = JSON.valueToTree(run.target());
        Footprint expected = model.hasNonNull("expectedPerDomain")
                ? JSON.convertValue(model.get("expectedPerDomain"), Footprint.class)
                : null;
        List<Map<String, String>> servers = new ArrayList<>();
        JsonNode added = target.path("added");
        target.path("servers").forEach(s -> {
            if (s.isObject()) {
                Map<String, String> server = fields(s, null);
                // a server read beside --connect's carries why, as target.added says it
                String name = server.getOrDefault("server", "");
                if (added.hasNonNull(name)) {
                    server.put("added", added.get(name).asText());
                }
                servers.add(server);
            }
        });
        return new RunInfo(
                run.tool(),
                run.version(),
                run.command(),
                run.arguments(),
                run.startTime() == null ? null : run.startTime().toString(),
                text(model, "name"),
                expected,
                fields(model, "expectedPerDomain"),
                fields(target, "servers"),
                fields(JSON.valueToTree(run.settings()), null),
                servers);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    /** Flattens one level of an object into name → display text, in file order; nulls are left out. */
    private static Map<String, String> fields(JsonNode object, String skip) {
        Map<String, String> out = new LinkedHashMap<>();
        object.properties().forEach(e -> {
            JsonNode v = e.getValue();
            if (!e.getKey().equals(skip) && !v.isNull()) {
                out.put(e.getKey(), v.isValueNode() ? v.asText() : v.toString());
            }
        });
        return out;
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
