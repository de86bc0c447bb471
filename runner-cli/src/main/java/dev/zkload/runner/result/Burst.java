package dev.zkload.runner.result;

/**
 * The leader's outstanding requests while a step's domains registered: recorded and charted, but
 * never judged (the 2017 report added its domains, then measured the settled load).
 *
 * @param samples       sample rounds in which the leader answered
 * @param outstandingAvg their average
 * @param outstandingMax their largest
 */
public record Burst(int samples, double outstandingAvg, long outstandingMax) {}
