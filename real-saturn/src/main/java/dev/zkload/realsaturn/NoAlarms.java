package dev.zkload.realsaturn;

import com.vip.saturn.job.integrate.entity.AlarmInfo;
import com.vip.saturn.job.integrate.entity.JobConfigInfo;
import com.vip.saturn.job.integrate.service.ReportAlarmService;
import com.vip.saturn.job.integrate.service.UpdateJobConfigService;
import java.util.List;
import java.util.Map;

/** The console's alarm and prefer-list services, which the sharding manager calls and this fixture does not need. */
enum NoAlarms implements ReportAlarmService, UpdateJobConfigService {
    INSTANCE;

    @Override
    public void allShardingError(String namespace, String hostValue) {}

    @Override
    public void dashboardContainerInstancesMismatch(String namespace, String taskId, int configured, int running) {}

    @Override
    public void dashboardAbnormalJob(String namespace, String jobName, String timeZone, long shouldFiredTime) {}

    @Override
    public void dashboardAbnormalBatchJobs(String namespace, List<Map<String, String>> jobs) {}

    @Override
    public void dashboardTimeout4AlarmJob(
            String namespace, String jobName, List<Integer> items, int timeout4AlarmSeconds) {}

    @Override
    public void executorRestart(String namespace, String executorName, String date) {}

    @Override
    public void raise(String namespace, String jobName, String executorName, Integer item, AlarmInfo alarm) {}

    @Override
    public void batchUpdatePreferList(List<JobConfigInfo> jobConfigInfos) {}
}
