package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.client.RunLock;
import java.util.List;
import org.junit.jupiter.api.Test;

class CleanCommandTest {

    @Test
    void aFleetInsideALiveRunsRootIsPartOfThatRunAndAFleetBesideItIsNot() {
        RunLock.Holder run = new RunLock.Holder("/zkload/ramp-1/zkload.lock", null, 1);
        RunLock.Holder itsFleet = new RunLock.Holder("/zkload/ramp-1/sim/zkload.lock", null, 2);
        RunLock.Holder another = new RunLock.Holder("/zkload/ramp-10/zkload.lock", null, 3);

        assertThat(CleanCommand.outermost(List.of(run, itsFleet, another))).containsExactly(run, another);
        assertThat(CleanCommand.outermost(List.of(itsFleet))).containsExactly(itsFleet);
    }
}
