package dev.zkload.sim;

/**
 * What one simulated domain adds on the ZooKeeper servers in steady state, as
 * {@link SaturnModel#expectedFootprint()} computes it. Measured from outside (the servers'
 * {@code mntr} and {@code srvr}), a domain shows these figures within a few percent.
 *
 * @param znodes       znodes (count)
 * @param ephemerals   ephemeral znodes, on average (steady ones plus items mid-run)
 * @param watches      watches, summed over every session of the domain
 * @param sessions     ZooKeeper sessions
 * @param writesPerSec write transactions per second
 * @param readsPerSec  read requests (exists, getData, getChildren) per second
 */
public record Footprint(
        double znodes, double ephemerals, double watches, double sessions, double writesPerSec, double readsPerSec) {

    /**
     * Requests of every kind per second, as the servers count them ({@code zk_packets_received}
     * also counts the sessions' pings, well under one per second per domain).
     *
     * @return reads plus writes per second
     */
    public double requestsPerSec() {
        return readsPerSec + writesPerSec;
    }
}
