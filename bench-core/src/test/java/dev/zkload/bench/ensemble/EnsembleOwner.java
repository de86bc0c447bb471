package dev.zkload.bench.ensemble;

/** Test helper main: starts an ensemble, prints its server pids and READY, then waits to be killed. */
public final class EnsembleOwner {
    private EnsembleOwner() {}

    public static void main(String[] args) throws Exception {
        LocalEnsemble zk = LocalEnsemble.builder()
                .servers(Integer.parseInt(args[0]))
                .heap("128m")
                .build();
        zk.start();
        for (int id = 1; id <= zk.size(); id++) {
            System.out.println("PID " + zk.processStats(id).pid());
        }
        System.out.println("DIR " + ((ForkedEnsemble) zk).baseDir());
        System.out.println("READY");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
