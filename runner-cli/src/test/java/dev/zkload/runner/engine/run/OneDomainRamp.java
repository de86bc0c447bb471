package dev.zkload.runner.engine.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.bench.stats.FourLetterWords;
import dev.zkload.zk.connect.ServerAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The preflight tests' ramp: one step of one domain, as short as a judged step can be, and its results read back. */
final class OneDomainRamp {
    private OneDomainRamp() {}

    /** The command line of a ramp to one domain against {@code connect}, results in {@code out}. */
    static String[] args(String connect, Path out, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "--connect",
                connect,
                "--domains",
                "1",
                "--step",
                "1",
                "--settle",
                "2s",
                "--sustain",
                "3s",
                "--znode-count",
                "50",
                "--jobs-per-domain",
                "3",
                "--out",
                out.toString()));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    static JsonNode json(Path file) throws Exception {
        return ResultJson.compact().readTree(file.toFile());
    }

    static JsonNode lastStep(Path out) throws Exception {
        List<String> lines = Files.readAllLines(out.resolve("steps.jsonl"));
        return ResultJson.compact().readTree(lines.get(lines.size() - 1));
    }

    /** The znodes {@code server} holds, from {@code srvr}: what a refused run must leave as it was. */
    static long nodeCount(ServerAddress server) throws Exception {
        String srvr = FourLetterWords.send(server, "srvr", Duration.ofSeconds(5));
        return Long.parseLong(srvr.lines()
                .filter(l -> l.startsWith("Node count:"))
                .findFirst()
                .orElseThrow()
                .substring("Node count:".length())
                .trim());
    }
}
