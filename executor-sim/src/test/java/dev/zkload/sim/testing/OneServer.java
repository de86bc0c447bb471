package dev.zkload.sim.testing;

import dev.zkload.bench.ensemble.LocalEnsemble;

/** One small forked server with a zoo.cfg setting of the test's, started. */
public final class OneServer {
    private OneServer() {}

    public static LocalEnsemble startedWith(String key, String value) throws Exception {
        LocalEnsemble zk = LocalEnsemble.builder()
                .servers(1)
                .heap("256m")
                .zooCfg(key, value)
                .build();
        try {
            zk.start();
            return zk;
        } catch (Exception | Error e) {
            zk.close();
            throw e;
        }
    }
}
