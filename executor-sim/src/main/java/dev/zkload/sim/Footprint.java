package dev.zkload.sim;

/**
 * What one simulated domain adds on the ZooKeeper servers in steady state.
 *
 * @param znodes       znodes (count)
 * @param ephemerals   ephemeral znodes, on average (steady ones plus running items)
 * @param watches      watches, summed over every session of the domain
 * @param sessions     ZooKeeper sessions
 * @param writesPerSec write transactions per second
 * @param readsPerSec  read requests per second
 */
public record Footprint(double znodes, double ephemerals, double watches, double sessions, double writesPerSec,
        double readsPerSec) {
}
