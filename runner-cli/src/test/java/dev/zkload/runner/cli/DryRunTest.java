package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.client.RunLock;
import dev.zkload.zk.claim.RootLock;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DryRunTest {
    private static final String ROOT = "/zkload";
    private static final String RUN = "/zkload/ramp-20261128-150854-4534";
    private static final List<String> TREE = List.of(ROOT, RUN, RUN + "/zkload.lock", RUN + "/sim");

    private static String print(List<RunLock.Holder> live, Optional<String> refusal) {
        StringWriter out = new StringWriter();
        DryRun.print(new PrintWriter(out, true), ROOT, TREE, live, List.of(), refusal);
        return out.toString();
    }

    @Test
    void aLockWhoseProcessIsGoneIsSaidSoAndTheRefusalCleanWouldGiveWithIt() {
        // no process has this pid: the run that holds the lock is gone from this host
        RunLock.Owner gone =
                new RunLock.Owner("ramp", "20261128-150854-4534", Long.MAX_VALUE, RootLock.localHost(), Instant.EPOCH);
        String printed = print(
                List.of(new RunLock.Holder(RUN + "/zkload.lock", gone, 0x100003aL)),
                Optional.of("/zkload is still locked by ramp …, whose process is gone"));
        assertThat(printed)
                .startsWith("Holds 4 znodes under /zkload:")
                .contains(RUN + "  (LOCKED by ramp 20261128-150854-4534, pid " + Long.MAX_VALUE)
                .contains("session 0x100003a, whose process is gone: its session ends within its timeout)")
                .doesNotContain("LIVE")
                .endsWith("Nothing was removed (--dry-run). Without it, clean would refuse: /zkload is still locked"
                        + " by ramp …, whose process is gone." + System.lineSeparator());
    }

    @Test
    void withoutALockItSaysWhatWouldGo() {
        assertThat(print(List.of(), Optional.empty()))
                .startsWith("Would remove 4 znodes under /zkload:")
                .endsWith("Nothing was removed (--dry-run)." + System.lineSeparator());
    }
}
