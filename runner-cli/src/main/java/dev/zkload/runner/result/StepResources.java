package dev.zkload.runner.result;

import java.util.List;
import java.util.Map;

/**
 * What the machine and each server used over a step's settled load: the {@code resources} of a line of
 * steps.jsonl, from which the verdict names the resource that ran out.
 *
 * @param host       this machine's CPU (the runner's, and the servers' when they run here); null where it
 *                   cannot be read (not Linux)
 * @param servers    each server's figures, by host:port
 * @param unobserved what could not be observed, in words ("the CPU of 10.0.0.5:2181: not on this machine and
 *                   no Prometheus endpoint"): never ruled out, only unknown
 * @param disks      the disks of this machine that hold a server's transaction log, by device name ({@code vda});
 *                   empty where no log was found here, and in results written before it was recorded
 */
public record StepResources(
        HostUsage host, Map<String, ServerUsage> servers, List<String> unobserved, Map<String, DiskUsage> disks) {
    public StepResources {
        disks = disks == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(disks));
        servers = servers == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(servers));
        unobserved = unobserved == null ? List.of() : List.copyOf(unobserved);
    }
}
