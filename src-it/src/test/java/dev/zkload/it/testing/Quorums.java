package dev.zkload.it.testing;

import dev.zkload.bench.ensemble.LocalEnsemble;
import java.time.Duration;

/** The forked quorum the fault tests share a class long. */
public final class Quorums {
    private Quorums() {}

    /** Three servers; a busy machine restarts a killed server slowly, hence the long start timeout. */
    public static LocalEnsemble.Builder ofThree() {
        return LocalEnsemble.builder().servers(3).heap("256m").startTimeout(Duration.ofMinutes(2));
    }
}
