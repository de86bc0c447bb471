package dev.zkload.runner.engine.resources;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.runner.result.LimitedBy;
import dev.zkload.runner.result.StepResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Steps recorded from real runs (the files beside the tests), and the same steps with one figure changed to put one
 * resource past its limit: what the rules of "why it saturated" are tested on.
 */
final class RecordedSteps {
    static final ObjectMapper JSON = ResultJson.compact();
    /** The README's command's first step on this 2-core machine, three embedded servers, other builds running. */
    static final String MACHINE = "this-machine-2-cores.steps.jsonl";

    /**
     * One step of 80 domains on three embedded servers started with -Dzookeeper.globalOutstandingLimit=20 (3.9.5):
     * its leader's queue stayed far under 300, and the domains got a fraction of their work done.
     */
    static final String THROTTLED = "throttled-3.9.steps.jsonl";

    /** One heavy domain on a standalone server whose every fsync was made 30 ms slower (a preloaded library). */
    static final String SLOW_FSYNC = "slow-fsync-standalone.steps.jsonl";
    /** One heavy domain on a standalone server confined with taskset to one core that two busy loops shared. */
    static final String CPU_SHARED = "cpu-shared-standalone.steps.jsonl";
    /** The same, three busy loops on the core, its work short while its queue stayed low (the shortfall rule). */
    static final String CONFINED_WORK_SHORT = "confined-leader-work-short.steps.jsonl";

    static final String LEADER = "/resources/servers/127.0.0.1:41147";

    private RecordedSteps() {}

    /** The limit at the recording's last step, its baseline to compare with, after setting each pointer to a value. */
    static LimitedBy of(String file, Object... pointerThenValue) throws IOException {
        ObjectNode at = step(file, -1);
        for (int i = 0; i < pointerThenValue.length; i += 2) {
            set(at, (String) pointerThenValue[i], pointerThenValue[i + 1]);
        }
        return LimitingResource.of(read(at), read(step(file, 0)), null);
    }

    static Object[] concat(Object[] a, Object... b) {
        Object[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    static String leaderOf(String file) throws IOException {
        return step(file, -1).at("/stages/server").asText();
    }

    static ObjectNode set(ObjectNode step, String pointer, Object value) {
        int slash = pointer.lastIndexOf('/');
        ObjectNode parent = (ObjectNode) step.at(pointer.substring(0, slash));
        String field = pointer.substring(slash + 1);
        if (value instanceof Double d) {
            parent.put(field, d);
        } else if (value instanceof Integer n) {
            parent.put(field, n);
        } else {
            parent.put(field, (String) value);
        }
        return step;
    }

    /** Line {@code index} of a recorded steps.jsonl (-1: the last), as a tree to change. */
    static ObjectNode step(String file, int index) throws IOException {
        try (InputStream in = LimitingResourceTest.class.getResourceAsStream(file)) {
            List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .filter(l -> !l.isBlank())
                    .toList();
            JsonNode node = JSON.readTree(lines.get(index < 0 ? lines.size() + index : index));
            return (ObjectNode) node;
        }
    }

    static StepResult read(JsonNode node) throws IOException {
        return JSON.treeToValue(node, StepResult.class);
    }
}
