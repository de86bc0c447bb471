package dev.zkload.runner.result;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The stages of ZooKeeper's request pipeline at the leader that its summaries time. A write goes through the
 * prep processor's queue and work, then waits in the commit processor while the leader logs it (the sync
 * processor's queue, batching and fsync) and the followers acknowledge it (the quorum), then the final
 * processor applies it; a read goes through the prep processor and the commit processor's queue (behind writes
 * of its session) to the final processor; a standalone server has no commit processor, and its requests pass the
 * sync processor instead. The stages of a request's {@link LeaderStages#path} follow one another, so their means
 * add up to most of its time at the server; the others (the sync processor's queue, its fsync, the quorum's
 * acknowledgement) are parts of a write's wait in the commit processor, shown apart to say which part grew.
 */
public enum Stage {
    PREP_QUEUE("prepQueue", "prep processor queue", "prep_processor_queue_time_ms", true, true),
    PREP("prep", "prep processor work", "prep_process_time", true, true),
    WRITE_COMMIT("writeCommit", "commit processor: waiting for the quorum", "write_commitproc_time_ms", true, false),
    READ_COMMIT("readCommit", "commit processor queue", "read_commitproc_time_ms", false, true),
    WRITE_FINAL("writeFinal", "final processor", "write_final_proc_time_ms", true, false),
    READ_FINAL("readFinal", "final processor", "read_final_proc_time_ms", false, true),
    SYNC_QUEUE("syncQueue", "sync processor queue", "sync_processor_queue_time_ms", true, false),
    SYNC("sync", "sync processor: queue, batch and flush", "sync_processor_queue_and_flush_time_ms", true, false),
    FSYNC("fsync", "fsync of the transaction log (per fsync)", "fsynctime", true, false),
    QUORUM_ACK("quorumAck", "proposal to quorum acknowledgement", "quorum_ack_latency", true, false),
    WRITE_TOTAL("write", "a write in all", "updatelatency", true, false),
    READ_TOTAL("read", "a read in all", "readlatency", false, true);

    private final String json;
    private final String label;
    private final String summary;
    private final boolean writes;
    private final boolean reads;

    Stage(String json, String label, String summary, boolean writes, boolean reads) {
        this.json = json;
        this.label = label;
        this.summary = summary;
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

    /** Writes pass this stage. */
    public boolean writes() {
        return writes;
    }

    /** Reads pass this stage. */
    public boolean reads() {
        return reads;
    }
}
