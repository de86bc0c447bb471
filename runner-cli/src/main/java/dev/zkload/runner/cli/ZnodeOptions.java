package dev.zkload.runner.cli;

import picocli.CommandLine.Option;

/** The seven-op benchmark's size: how many znodes each operation runs over, and how big they are. */
public final class ZnodeOptions {
    @Option(names = "--znode-count", paramLabel = "N", defaultValue = "10000",
            description = "Znodes per operation of the seven-op benchmark (default: ${DEFAULT-VALUE};"
                    + " the 2017 report used 100000).")
    public int znodeCount;

    @Option(names = "--znode-size", paramLabel = "BYTES", defaultValue = "100",
            description = "Bytes of data per znode (default: ${DEFAULT-VALUE}).")
    public int znodeSize;
}
