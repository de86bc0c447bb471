package dev.zkload.runner.result;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The stages of ZooKeeper's request pipeline at the leader that its summaries time. A write goes through the
 * prep processor's queue and work, then waits in the commit processor while the leader logs it (the sync
 * processor's queue, batching and fsync) and the followers acknowledge it (the quorum), then the final
 * processor applies it; a read goes through the prep processor and the commit processor's queue (behind writes
 * of its session) to the final processor. The {@link Path#SEGMENT} stages follow one another, so their means
 * add up to most of a request's time at the server; the {@link Path#INSIDE} ones are parts of a write's wait
 * in the commit processor, shown apart to say which part grew.
 */
public enum Stage {
    PREP_QUEUE("prepQueue", "prep processor queue", "prep_processor_queue_time_ms", Path.SEGMENT, true, true),
    PREP("prep", "prep processor work", "prep_process_time", Path.SEGMENT, true, true),
    WRITE_COMMIT(
            "writeCommit",
            "commit processor: waiting for the quorum",
            "write_commitproc_time_ms",
            Path.SEGMENT,
            true,
            false),
    READ_COMMIT("readCommit", "commit processor queue", "read_commitproc_time_ms", Path.SEGMENT, false, true),
    WRITE_FINAL("writeFinal", "final processor", "write_final_proc_time_ms", Path.SEGMENT, true, false),
    READ_FINAL("readFinal", "final processor", "read_final_proc_time_ms", Path.SEGMENT, false, true),
    SYNC_QUEUE("syncQueue", "sync processor queue", "sync_processor_queue_time_ms", Path.INSIDE, true, false),
    SYNC(
            "sync",
            "sync processor: queue, batch and flush",
            "sync_processor_queue_and_flush_time_ms",
            Path.INSIDE,
            true,
            false),
    FSYNC("fsync", "fsync of the transaction log (per fsync)", "fsynctime", Path.INSIDE, true, false),
    QUORUM_ACK("quorumAck", "proposal to quorum acknowledgement", "quorum_ack_latency", Path.INSIDE, true, false),
    WRITE_TOTAL("write", "a write in all", "updatelatency", Path.TOTAL, true, false),
    READ_TOTAL("read", "a read in all", "readlatency", Path.TOTAL, false, true);

    /** How a stage sits in a request's time. */
    public enum Path {
        /** One of the stages a request passes one after another. */
        SEGMENT,
        /** A part of a write's wait in the commit processor, overlapping the others. */
        INSIDE,
        /** The whole request, as the server counts it (only its own clients' requests). */
        TOTAL
    }

    private final String json;
    private final String label;
    private final String summary;
    private final Path path;
    private final boolean writes;
    private final boolean reads;

    Stage(String json, String label, String summary, Path path, boolean writes, boolean reads) {
        this.json = json;
        this.label = label;
        this.summary = summary;
        this.path = path;
        this.writes = writes;
        this.reads = reads;
    }

    @JsonValue
    public String json() {
        return json;
    }

    public String label() {
        return label;
    }

    /** The server's summary that times it ({@code cnt_}/{@code sum_} keys of {@code mntr}). */
    public String summary() {
        return summary;
    }

    public Path path() {
        return path;
    }

    /** Writes pass this stage. */
    public boolean writes() {
        return writes;
    }

    /** Reads pass this stage. */
    public boolean reads() {
        return reads;
    }
}
