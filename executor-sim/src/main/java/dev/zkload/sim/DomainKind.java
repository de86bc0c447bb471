package dev.zkload.sim;

import java.util.List;

/**
 * One kind of domain in a {@link ModelFile}: its executors, console sharding sessions and jobs, and
 * its weight in the fleet's mix.
 *
 * @param name       how results and the verdict name domains of this kind
 * @param weight     relative share of the fleet, positive
 * @param executors  executors online (a session each)
 * @param registered executors registered, online or not (only the online ones are simulated)
 * @param consoles   console sharding sessions, at least 1
 * @param jobs       the jobs, by shape
 */
record DomainKind(String name, double weight, int executors, int registered, int consoles, List<JobGroup> jobs) {
    DomainKind {
        jobs = List.copyOf(jobs);
    }

    /** The single kind of a preset's fleet. */
    static DomainKind of(SaturnModel m) {
        return new DomainKind(
                m.name(),
                1,
                m.executorsPerDomain(),
                m.executorsPerDomain(),
                m.consolesPerDomain(),
                List.of(JobGroup.of(m)));
    }

    int jobCount() {
        return jobs.stream().mapToInt(JobGroup::count).sum();
    }

    int sessions() {
        return executors + consoles;
    }

    /** What a reader sees of the kind: "small (3 executors, 35 jobs)". */
    String describe() {
        return name + " (" + executors + " executor" + (executors == 1 ? "" : "s") + ", " + jobCount() + " job"
                + (jobCount() == 1 ? "" : "s") + ")";
    }
}
