package dev.zkload.runner.engine.scan;

import dev.zkload.runner.RunFailure;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Stops a scan as soon as its pace says it cannot finish within {@code --max-requests}, instead of
 * when it reaches the cap, which at the default rate comes an hour later. The jobs to read are counted
 * before the scan; each job's reads begin with its {@code config} listing, so the requests per job so
 * far, times the jobs still to read, is what the rest will take. A job costs the same reads in every
 * namespace of one Saturn line (one per config field), so a few jobs tell it.
 */
public final class ScanBudget implements Consumer<String> {
    /** Jobs read before the pace is trusted. */
    static final int SAMPLE_JOBS = 5;

    private final long maxRequests;
    private final long jobs;
    private final LongSupplier requests;
    private final long before;
    private long jobsStarted;

    /**
     * @param jobs     the jobs the scan will read, counted before it
     * @param requests the requests sent so far
     */
    public ScanBudget(long maxRequests, long jobs, LongSupplier requests) {
        this.maxRequests = maxRequests;
        this.jobs = jobs;
        this.requests = requests;
        this.before = requests.getAsLong();
    }

    /** Told of each request's path before it is sent. */
    @Override
    public void accept(String path) {
        if (!path.endsWith("/config")) {
            return;
        }
        jobsStarted++;
        long sent = requests.getAsLong();
        if (jobsStarted <= SAMPLE_JOBS || jobsStarted > jobs) {
            return;
        }
        // the requests of the jobs begun so far, less the one about to be sent: the last begun job's are not in yet
        double perJob = (double) (sent - before) / (jobsStarted - 1);
        long projected = Math.round(sent + perJob * (jobs - jobsStarted + 1));
        if (projected > maxRequests) {
            throw new RunFailure(String.format(
                    Locale.ROOT,
                    "the scan would take about %,d requests (%,d jobs at %.0f each so far), more than --max-requests"
                            + " %,d: it stopped after %,d and nothing was written; raise --max-requests or scan fewer"
                            + " namespaces (--namespaces)",
                    projected,
                    jobs,
                    perJob,
                    maxRequests,
                    sent));
        }
    }
}
