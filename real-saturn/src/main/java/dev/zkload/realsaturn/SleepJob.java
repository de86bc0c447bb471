package dev.zkload.realsaturn;

import com.vip.saturn.job.AbstractSaturnJavaJob;
import com.vip.saturn.job.SaturnJobExecutionContext;
import com.vip.saturn.job.SaturnJobReturn;

/** The Java job every fixture job runs: it sleeps its item parameter's milliseconds, then succeeds. */
public class SleepJob extends AbstractSaturnJavaJob {
    @Override
    public SaturnJobReturn handleJavaJob(
            String jobName, Integer shardItem, String shardParam, SaturnJobExecutionContext context)
            throws InterruptedException {
        Thread.sleep(Long.parseLong(shardParam));
        return new SaturnJobReturn();
    }
}
