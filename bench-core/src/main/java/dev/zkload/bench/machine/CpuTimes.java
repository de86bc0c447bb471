package dev.zkload.bench.machine;

/**
 * One {@code cpu} line of {@code /proc/stat}: the time a CPU (or all of them, for the {@code cpu} line) has
 * spent in each state since boot, in clock ticks. Guest time is already inside {@code user} and {@code nice}.
 *
 * @param steal time the hypervisor ran something else while this CPU had work: a noisy neighbour's share
 */
public record CpuTimes(long user, long nice, long system, long idle, long iowait, long irq, long softirq, long steal) {

    /** The line's numbers after its label ({@code "cpu0 16324 0 1768 …"}); missing trailing fields read as 0. */
    static CpuTimes parse(String line) {
        String[] f = line.trim().split("\\s+", -1);
        long[] v = new long[8];
        for (int i = 0; i < v.length && i + 1 < f.length; i++) {
            v[i] = Long.parseLong(f[i + 1]);
        }
        return new CpuTimes(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
    }

    long total() {
        return user + nice + system + idle + iowait + irq + softirq + steal;
    }

    /** Ticks not idle: work of any process, interrupts, and time stolen by the hypervisor. */
    long busy() {
        return total() - idle - iowait;
    }

    CpuTimes minus(CpuTimes e) {
        return new CpuTimes(
                user - e.user,
                nice - e.nice,
                system - e.system,
                idle - e.idle,
                iowait - e.iowait,
                irq - e.irq,
                softirq - e.softirq,
                steal - e.steal);
    }
}
