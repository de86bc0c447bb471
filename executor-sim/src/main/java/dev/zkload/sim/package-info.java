/**
 * Saturn-shaped load on a real ZooKeeper ensemble, as a library: {@link dev.zkload.sim.DomainFleet}
 * holds simulated Saturn domains (consoles and executors on their own ZooKeeper sessions) that
 * write, watch and run their jobs the way Saturn does; {@link dev.zkload.sim.SaturnModel} shapes a
 * domain and computes the {@link dev.zkload.sim.Footprint} it should show on the servers;
 * {@link dev.zkload.sim.FleetSnapshot} counts what the fleet did.
 *
 * <p>The API is the public types of this package, of {@code dev.zkload.sim.junit} and of
 * {@code dev.zkload.sim.zk}; everything else is package-private, which is why the implementation shares this one package instead of
 * having its own.
 */
package dev.zkload.sim;
