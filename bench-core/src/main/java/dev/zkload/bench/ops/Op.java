package dev.zkload.bench.ops;

import com.fasterxml.jackson.annotation.JsonValue;

/** The seven operations of {@code zk-latencies.py}, in the order they run. */
public enum Op {
    CREATE("create"),
    SET("set"),
    GET("get"),
    DELETE("delete"),
    CREATE_EPHEMERAL("createEphemeral"),
    WATCH("watch"),
    DELETE_EPHEMERAL("deleteEphemeral");

    private final String jsonName;

    Op(String jsonName) {
        this.jsonName = jsonName;
    }

    /** The name used in result files ({@code steps.jsonl}, {@code latency.json}) and histogram log tags. */
    @JsonValue
    public String jsonName() {
        return jsonName;
    }
}
