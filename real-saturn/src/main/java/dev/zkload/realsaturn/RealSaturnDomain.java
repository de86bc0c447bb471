package dev.zkload.realsaturn;

import com.vip.saturn.job.executor.SaturnExecutor;
import com.vip.saturn.job.sharding.NamespaceShardingManager;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;

/**
 * One Saturn domain run by Saturn 3.5's own code, in this JVM: the console's job creation (its
 * ZooKeeper writes, as {@link ConsoleJobs} does them), the console's sharding managers, and the
 * executors, each {@link SaturnExecutor} with the session and caches it opens in production. Saturn's
 * executors find ZooKeeper through the console's discovery API; {@link Discovery} answers it.
 *
 * <p>Arguments: {@code CONNECT NAMESPACE EXECUTORS CONSOLES LOG_DIR JOB...}, a job as
 * {@code name,items,cron,runTimeMs,enabled}. It prints {@code READY} once every executor started, and
 * shuts the domain down (executors first, as an operator would) when its standard input closes.
 */
public final class RealSaturnDomain {
    private RealSaturnDomain() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 6) {
            throw new IllegalArgumentException(
                    "usage: CONNECT NAMESPACE EXECUTORS CONSOLES LOG_DIR name,items,cron,runTimeMs,enabled...");
        }
        String connect = args[0];
        String namespace = args[1];
        int executors = Integer.parseInt(args[2]);
        int consoles = Integer.parseInt(args[3]);
        Path logDir = Files.createDirectories(Path.of(args[4]));
        List<ConsoleJobs.Job> jobs = new ArrayList<>();
        for (int i = 5; i < args.length; i++) {
            jobs.add(ConsoleJobs.Job.parse(args[i]));
        }
        try (Discovery discovery = Discovery.start(connect)) {
            // Saturn reads these once, when its classes load: before any of them is touched
            System.setProperty("VIP_SATURN_CONSOLE_URI", discovery.uri());
            System.setProperty("VIP_SATURN_LOG_DIR", logDir.toString());
            System.setProperty("namespace", namespace);
            run(connect, namespace, executors, consoles, jobs);
        }
    }

    private static void run(String connect, String namespace, int executors, int consoles, List<ConsoleJobs.Job> jobs)
            throws Exception {
        List<CuratorFramework> clients = new ArrayList<>();
        List<NamespaceShardingManager> managers = new ArrayList<>();
        List<SaturnExecutor> started = new ArrayList<>();
        try {
            for (int c = 0; c < consoles; c++) {
                CuratorFramework client = ConsoleJobs.connect(connect, namespace);
                clients.add(client);
                if (c == 0) {
                    // a console's one client per namespace serves both its users' writes and its sharding
                    ConsoleJobs.create(client, jobs);
                }
                NamespaceShardingManager manager = new NamespaceShardingManager(
                        client, namespace, "console-" + c, NoAlarms.INSTANCE, NoAlarms.INSTANCE);
                manager.start();
                managers.add(manager);
            }
            ClassLoader loader = RealSaturnDomain.class.getClassLoader();
            for (int e = 0; e < executors; e++) {
                SaturnExecutor executor =
                        SaturnExecutor.buildExecutor(namespace, String.format("executor-%d", e), loader, loader, null);
                executor.execute();
                started.add(executor);
            }
            System.out.println("READY");
            System.out.flush();
            drain(System.in);
        } finally {
            for (SaturnExecutor e : started) {
                e.shutdown();
            }
            for (NamespaceShardingManager m : managers) {
                m.stop();
            }
            for (CuratorFramework c : clients) {
                c.close();
            }
        }
    }

    private static void drain(InputStream in) throws IOException {
        byte[] buffer = new byte[256];
        while (in.read(buffer) >= 0) {
            // until the parent closes the pipe or dies
        }
    }
}
