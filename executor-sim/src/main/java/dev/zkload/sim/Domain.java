package dev.zkload.sim;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One simulated domain: its layout, console sharding sessions and executors. */
final class Domain {
    private static final Logger LOG = LoggerFactory.getLogger(Domain.class);
    private static final int CLOSERS = 32;
    private static final int DELETERS = 8;

    final String name;
    final Layout layout;
    /** Filled by the adder before the domain is published to the fleet's list, never changed after. */
    final List<Console> consoles = new ArrayList<>();

    final List<Executor> executors = new ArrayList<>();

    Domain(String name, Layout layout) {
        this.name = name;
        this.layout = layout;
    }

    /** The sessions of {@code domains}: each one's executors and consoles. */
    static long sessions(List<Domain> domains) {
        return domains.stream().mapToLong(d -> d.layout.kind.sessions()).sum();
    }

    /** {@code n} domains, in words. */
    static String count(int n) {
        return n == 1 ? "1 domain" : n + " domains";
    }

    /** The domain's console sessions, made and their starts queued. */
    void consoles(
            Starts starts, Function<String, Session> session, ScheduledExecutorService scheduler, FleetState state) {
        for (int c = 0; c < layout.kind.consoles(); c++) {
            Console console = new Console(layout, session.apply(name + "-console-" + c), scheduler, state);
            consoles.add(console);
            starts.add(console::start, "domain " + name + ": console " + c);
        }
    }

    /** The domain's executors, made and their starts queued. */
    void executors(
            Starts starts, Function<String, Session> session, ScheduledExecutorService scheduler, FleetState state) {
        for (int e = 0; e < layout.kind.executors(); e++) {
            String executor = layout.executorName(e);
            Executor x = new Executor(layout, executor, session.apply(executor), scheduler, state);
            executors.add(x);
            starts.add(x::start, "domain " + name + ": executor " + e);
        }
    }

    /** The fleet's counts with what only its domains know: their sessions, connections and leaders. */
    static FleetSnapshot snapshot(FleetState state, List<Domain> domains) {
        int executors = 0;
        int consoles = 0;
        int jobs = 0;
        long connected = 0;
        long jobsWithoutLeader = 0;
        int withoutConsoleLeader = 0;
        for (Domain d : domains) {
            jobsWithoutLeader += d.jobsWithoutLeader();
            withoutConsoleLeader += d.hasConsoleLeader() ? 0 : 1;
            executors += d.executors.size();
            consoles += d.consoles.size();
            jobs += d.layout.jobs.size();
            connected +=
                    d.executors.stream().filter(x -> x.session.isConnected()).count();
            connected +=
                    d.consoles.stream().filter(c -> c.session.isConnected()).count();
        }
        return state.snapshot(
                domains.size(), executors, consoles, jobs, connected, jobsWithoutLeader, withoutConsoleLeader);
    }

    /**
     * The domain's jobs whose leader host no connected executor's cache sees: none once the domain has registered. A
     * disconnected session's cache is what it saw before, no proof the leader is still there.
     */
    int jobsWithoutLeader() {
        int without = 0;
        for (String job : layout.jobs) {
            if (executors.stream().noneMatch(x -> x.session.isConnected() && x.seesLeader(job))) {
                without++;
            }
        }
        return without;
    }

    /** Whether a connected console's cache sees the domain's console leader host. */
    boolean hasConsoleLeader() {
        return consoles.stream().anyMatch(c -> c.session.isConnected() && c.seesLeader());
    }

    /** Every executor's graceful shutdown, then the consoles close. */
    CompletableFuture<Void> shutdown() {
        List<CompletableFuture<Void>> all = new ArrayList<>();
        for (Executor x : executors) {
            all.add(x.shutdown());
        }
        return CompletableFuture.allOf(all.toArray(CompletableFuture[]::new))
                .whenComplete((v, e) -> consoles.forEach(Console::close));
    }

    /**
     * Removes {@code domains}: every one's graceful shutdown at once, so that all their load leaves the servers
     * before their trees' deletes meet it (one domain after another, a saturated leader answered those deletes at
     * 25 znodes a second), then the trees of those that shut down within {@code timeout}, together; a domain
     * still shutting down keeps its tree for the root's removal.
     */
    static void remove(List<Domain> domains, Duration timeout, AdminSession admin) throws InterruptedException {
        if (domains.isEmpty()) {
            return;
        }
        long started = System.nanoTime();
        List<CompletableFuture<Void>> shutdowns =
                domains.stream().map(Domain::shutdown).toList();
        List<Domain> down = new ArrayList<>();
        // one deadline for all: the fleet's runs are held meanwhile, a hung shutdown must not hold them for each
        long deadline = started + timeout.toNanos();
        for (int i = 0; i < domains.size(); i++) {
            try {
                shutdowns.get(i).get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                down.add(domains.get(i));
            } catch (ExecutionException | TimeoutException e) {
                LOG.warn("domain {} did not shut down cleanly: {}", domains.get(i).name, e.toString());
            }
        }
        long shutDown = System.nanoTime();
        long znodes = deleteTrees(down, admin);
        LOG.info(
                "removed {} domains: shut down in {} ms, their {} znodes deleted in {} ms",
                domains.size(),
                (shutDown - started) / 1_000_000,
                znodes,
                (System.nanoTime() - shutDown) / 1_000_000);
    }

    /**
     * Deletes the trees of {@code domains}, {@value #DELETERS} at a time: each delete keeps its own requests in
     * flight, and one tree after another the removal waits a round trip per batch of each, where the leader,
     * with the fleet's runs held, has room for several; a tree that cannot be deleted is logged and left for
     * the root's removal.
     *
     * @return the znodes deleted
     */
    private static long deleteTrees(List<Domain> domains, AdminSession admin) throws InterruptedException {
        if (domains.isEmpty()) {
            return 0;
        }
        ExecutorService deleters =
                Executors.newFixedThreadPool(Math.min(DELETERS, domains.size()), Threads.named("zkload-sim-delete"));
        try {
            List<Future<Long>> trees = new ArrayList<>();
            for (Domain d : domains) {
                trees.add(deleters.submit(() -> admin.deleteTree(d.layout.ns)));
            }
            long znodes = 0;
            for (int i = 0; i < trees.size(); i++) {
                try {
                    znodes += trees.get(i).get();
                } catch (ExecutionException e) {
                    LOG.warn(
                            "the tree of domain {} was not removed: {}",
                            domains.get(i).name,
                            e.getCause().toString());
                }
            }
            return znodes;
        } finally {
            deleters.shutdownNow(); // at once when interrupted; else every delete has ended
        }
    }

    /**
     * Takes the domains of an add that cannot finish off the ensemble: their sessions closed, their trees
     * deleted (one that cannot be is left for the root's removal); says what became of them.
     */
    static String withdraw(List<Domain> domains, Duration timeout, AdminSession admin, String root)
            throws InterruptedException {
        closeSessions(domains, timeout);
        int left = 0;
        for (Domain d : domains) {
            try {
                admin.deleteTree(d.layout.ns);
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                left++;
                LOG.warn("the tree of domain {} was not removed: {}", d.name, e.toString());
            }
        }
        return "its " + count(domains.size()) + (domains.size() == 1 ? " was" : " were") + " taken out of the fleet"
                + (left == 0
                        ? " and off the ensemble"
                        : ", and " + left + " of their trees stay under " + root + " until close()");
    }

    /**
     * Closes every session of {@code domains} at once, without their graceful shutdown,
     * {@value #CLOSERS} at a time: a close waits for the server's answer, and one after the other
     * 3,500 of them take minutes on a busy ensemble.
     */
    static void closeSessions(List<Domain> domains, Duration timeout) throws InterruptedException {
        ExecutorService closers = Executors.newFixedThreadPool(CLOSERS, Threads.named("zkload-sim-close"));
        try {
            for (Domain d : domains) {
                d.executors.forEach(x -> closers.execute(x.session::close));
                d.consoles.forEach(c -> closers.execute(c::close));
            }
        } finally {
            closers.shutdown();
        }
        if (!closers.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            LOG.warn("sessions still closing after {} s; going on", timeout.toSeconds());
        }
    }
}
