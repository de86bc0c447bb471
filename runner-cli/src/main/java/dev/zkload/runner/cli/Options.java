package dev.zkload.runner.cli;

import java.util.Map;

/** Turns the benchmark config's field names in a validation message into the CLI's option names. */
final class Options {
    private static final Map<String, String> NAMES = Map.of(
            "znodeCount",
            "--znode-count",
            "znodeSize",
            "--znode-size",
            "window",
            "--window",
            "rate",
            "--rate",
            "watchMultiple",
            "--watch-multiple",
            "root",
            "--root");

    private Options() {}

    static String name(String message) {
        String result = message;
        for (Map.Entry<String, String> e : NAMES.entrySet()) {
            if (result.startsWith(e.getKey() + " ")) {
                result = e.getValue() + result.substring(e.getKey().length());
            }
        }
        return result;
    }
}
