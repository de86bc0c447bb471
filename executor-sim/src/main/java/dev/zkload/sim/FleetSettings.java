package dev.zkload.sim;

import dev.zkload.zk.ZkClientSecurity;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.function.LongConsumer;

/** What {@link DomainFleet.Builder} validated: one value for the implementation to hold. */
record FleetSettings(
        String connectString,
        String root,
        String name,
        boolean takeOverLeftoverRoot,
        ModelFile models,
        MeterRegistry meters,
        int startBatch,
        Duration addTimeout,
        Duration connectTimeout,
        boolean jobRuns,
        boolean pipelinedTrees,
        boolean keepTreeOnClose,
        boolean shutdownHook,
        LongConsumer fireLag,
        ZkClientSecurity security) {}
