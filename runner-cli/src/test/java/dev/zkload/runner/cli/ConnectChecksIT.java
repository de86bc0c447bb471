package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.RunnerJar;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What every command that connects checks of the ensemble before it loads it: the chroot, and trees left behind. */
class ConnectChecksIT {
    private static LocalEnsemble zk;

    @TempDir
    Path tmp;

    @BeforeAll
    static void start() throws Exception {
        zk = LocalEnsemble.builder().servers(1).heap("256m").build();
        zk.start();
    }

    @AfterAll
    static void stop() {
        zk.close();
    }

    @Test
    void aMissingChrootIsNamedByEveryCommandThatConnects() throws Exception {
        String connect = zk.connectString() + "/teamA";
        String sentence = "zkload: the chroot /teamA of --connect " + connect + " does not exist: create it (zkCli.sh"
                + " -server " + zk.connectString() + " create /teamA), or drop /teamA from --connect";
        for (List<String> command : List.of(
                List.of("latency", "--znode-count", "10"),
                List.of("--domains", "10"),
                List.of("simulate", "--domains", "1"),
                List.of("max-rate"),
                List.of("clean", "--root", "/zkload/ramp-1"))) {
            String[] args = concat(
                    command,
                    "--connect",
                    connect,
                    "--out",
                    tmp.resolve(command.get(0)).toString());
            if (command.get(0).equals("clean")) {
                args = concat(command, "--connect", connect);
            }
            CliRun run = CliRun.of(args);
            assertThat(run.exitCode()).as(command + ": " + run.err()).isEqualTo(ExitCodes.RUNTIME_FAILURE);
            assertThat(run.err()).as(command.toString()).contains(sentence).doesNotContain("NoNode");
        }

        ZooKeeper c = ZkClients.connect(zk.connectString());
        try {
            c.create("/teamA", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            CliRun clean = CliRun.of("clean", "--root", "/zkload/ramp-1", "--connect", connect);
            assertThat(clean.exitCode()).as(clean.err()).isEqualTo(ExitCodes.OK);
            assertThat(clean.out()).contains("Nothing to clean: /zkload/ramp-1 does not exist on " + connect);
        } finally {
            c.close();
        }
    }

    @Test
    void aNewRunWarnsOfAKilledRunsTreeButNotOfALiveRunsRoot() throws Exception {
        ZooKeeper c = ZkClients.connect(zk.connectString());
        try {
            create(c, "/zkload", "zkload");
            // a killed run: its root and tree stay, its ephemeral lock went with its session
            create(c, "/zkload/ramp-killed", "zkload ramp killed");
            for (int i = 0; i < 4; i++) {
                create(c, "/zkload/ramp-killed/d" + i, "");
            }
            // a live run: its lock is held by a session
            create(c, "/zkload/ramp-live", "zkload ramp live");
            c.create("/zkload/ramp-live/zkload.lock", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);
            // something else's: no zkload label
            create(c, "/zkload/notes", "someone's");

            CliRun run = CliRun.of(
                    "latency",
                    "--connect",
                    zk.connectString(),
                    "--znode-count",
                    "10",
                    "--out",
                    tmp.resolve("latency").toString());

            assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
            String console = run.out() + run.err();
            assertThat(console)
                    .contains("Warning: /zkload already holds the tree of an earlier run whose lock is gone (killed,"
                            + " or run with --keep)")
                    .contains(RunnerJar.command() + " clean --connect " + zk.connectString()
                            + " --root /zkload/ramp-killed   (5 znodes)")
                    .doesNotContain("--root /zkload/ramp-live")
                    .doesNotContain("--root /zkload/notes");

            CliRun clean = CliRun.of("clean", "--connect", zk.connectString(), "--root", "/zkload/ramp-killed");
            assertThat(clean.out()).as("the pasted command removes it").contains("Removed 5 znodes");
        } finally {
            c.close();
        }
    }

    private static void create(ZooKeeper c, String path, String data) throws Exception {
        c.create(path, data.getBytes(StandardCharsets.UTF_8), Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
    }

    private static String[] concat(List<String> first, String... more) {
        String[] all = new String[first.size() + more.length];
        for (int i = 0; i < first.size(); i++) {
            all[i] = first.get(i);
        }
        System.arraycopy(more, 0, all, first.size(), more.length);
        return all;
    }
}
