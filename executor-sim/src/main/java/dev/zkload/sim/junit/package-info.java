/**
 * {@link dev.zkload.sim.junit.SaturnDomains}: a JUnit 5 extension that holds Saturn domains on a
 * ZooKeeper ensemble while tests run. Needs JUnit Jupiter on the test classpath (an optional
 * dependency of executor-sim).
 */
package dev.zkload.sim.junit;
