package dev.zkload.runner.result;

import java.util.List;

/**
 * A disk of this machine that holds the transaction log of a server of the target, over a window: what was written
 * to it and by whom. Another process writing to a log's disk slows its fsyncs as surely as a slow disk does.
 *
 * @param logsOf             the servers (host:port) whose transaction log is on it
 * @param writtenBytesPerSec all that was written to it, bytes a second
 * @param othersBytesPerSec  written by processes other than the runner and the servers on this machine (the device's
 *                           writes less theirs): other writers on the log's disk; null where theirs could not be read
 * @param busyPercent        share of the window it had I/O in flight (its utilisation), %
 */
public record DiskUsage(List<String> logsOf, double writtenBytesPerSec, Double othersBytesPerSec, double busyPercent) {

    public DiskUsage {
        logsOf = logsOf == null ? List.of() : List.copyOf(logsOf);
    }
}
