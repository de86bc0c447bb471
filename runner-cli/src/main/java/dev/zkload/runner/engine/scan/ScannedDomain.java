package dev.zkload.runner.engine.scan;

import java.util.List;

/**
 * One Saturn namespace as the scan read it.
 *
 * @param namespace  its name
 * @param online     executors with their ephemeral {@code ip} node
 * @param registered executors under {@code $SaturnExecutors/executors}, online or not
 * @param consoles   console sessions seen in the namespace's sharding election: the leader's host and any
 *     candidates still in the latch (0 when there is no leader)
 * @param version    the executors' Saturn version as they registered it, or null when none says
 * @param zkClient   the ZooKeeper client line its executors run on, as their latches show it ({@code 3.4}: persistent,
 *     {@code 3.5}: a container, or gone after an election as only a container goes), or null when no election shows it
 * @param jobs       the jobs
 */
public record ScannedDomain(
        String namespace,
        int online,
        int registered,
        int consoles,
        String version,
        String zkClient,
        List<ScannedJob> jobs) {
    public ScannedDomain {
        jobs = List.copyOf(jobs);
    }
}
