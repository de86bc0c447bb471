package dev.zkload.bench.machine;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Where a runner and the servers it forks run on one machine: each server on cores of its own and the runner on
 * the rest, so that none takes another's CPU, when the machine has cores to spare. Each server gets
 * {@code max(1, ⌊¾ cores / servers⌋)} cores and the runner what is left, at least one. A machine of fewer than
 * {@value #FEWEST} cores, or with fewer cores than the servers plus one, keeps them all on every core, shared: a
 * runner on one core of two would be its own bottleneck long before the server on the other.
 *
 * @param runner  the CPUs the runner may use
 * @param servers each server's CPUs, in server order
 */
public record CpuPlacement(Set<Integer> runner, List<Set<Integer>> servers) {
    /** The fewest cores that are placed. */
    static final int FEWEST = 4;

    public CpuPlacement {
        runner = Set.copyOf(runner);
        servers = servers.stream().map(Set::copyOf).toList();
    }

    /** The placement of {@code servers} servers and a runner on {@code cpus}; empty when they must share them. */
    public static Optional<CpuPlacement> of(Set<Integer> cpus, int servers) {
        List<Integer> all = new ArrayList<>(new TreeSet<>(cpus));
        if (servers < 1) {
            return Optional.empty();
        }
        int each = Math.max(1, all.size() * 3 / 4 / servers);
        int runnerCores = all.size() - servers * each;
        if (runnerCores < 1 || all.size() < FEWEST) {
            return Optional.empty();
        }
        List<Set<Integer>> placed = new ArrayList<>();
        for (int s = 0; s < servers; s++) {
            placed.add(new TreeSet<>(all.subList(runnerCores + s * each, runnerCores + (s + 1) * each)));
        }
        return Optional.of(new CpuPlacement(new TreeSet<>(all.subList(0, runnerCores)), placed));
    }

    /** How run.json and the report say it: {@code runner 0-1; servers 2-3, 4-5, 6-7}. */
    public String describe() {
        List<String> each = servers.stream().map(CpuList::format).toList();
        return "runner " + CpuList.format(runner) + "; servers " + String.join(", ", each);
    }
}
