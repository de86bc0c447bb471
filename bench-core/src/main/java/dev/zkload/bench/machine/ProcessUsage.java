package dev.zkload.bench.machine;

import java.util.Set;

/**
 * What one process used of the CPU over a window.
 *
 * @param cores          cores it kept busy on average, e.g. 0.41
 * @param mayUse         cores it may use: its affinity's CPUs, lowered to its cgroup quota
 * @param allowedCpus    the CPU numbers its affinity allows
 * @param hottestThread  the name of its busiest thread (the kernel's 15 characters of it); null when none ran
 * @param hottestCores   that thread's cores: one thread can use at most one, whatever the process may use
 * @param collectorSeconds how long a JVM's stop-the-world collector worked over the window, seconds
 *                       ({@link CollectorWork}); 0 for a process that is no HotSpot JVM or did not collect
 */
public record ProcessUsage(
        double cores,
        double mayUse,
        Set<Integer> allowedCpus,
        String hottestThread,
        double hottestCores,
        double collectorSeconds) {
    public ProcessUsage {
        allowedCpus = Set.copyOf(allowedCpus);
    }
}
