package dev.zkload.runner.engine.disrupt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zkload.runner.engine.experiment.Levels;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class DisruptPlanTest {
    private static final Duration SETTLE = Duration.ofSeconds(30);
    private static final Duration RECOVERY = Duration.ofMinutes(5);
    private static final Duration CONNECT = Duration.ofSeconds(30);

    private static DisruptPlan plan(
            String domains,
            String fault,
            String command,
            Duration stall,
            String server,
            Duration delay,
            boolean embedded) {
        return DisruptPlan.of(
                Levels.parse(domains), fault, command, stall, server, delay, SETTLE, RECOVERY, CONNECT, embedded);
    }

    @Test
    void eachFaultIsNamedAsTheDocsWriteItAndGetsItsDefaults() {
        assertThat(plan("100,200,300", "restart-follower", null, null, null, null, true)
                        .fault())
                .isEqualTo(FaultKind.RESTART_FOLLOWER);
        assertThat(plan("1", "RESTART-LEADER", null, null, null, null, true).fault())
                .isEqualTo(FaultKind.RESTART_LEADER);
        assertThat(plan("1", "rolling-restart", null, null, null, null, true).fault())
                .isEqualTo(FaultKind.ROLLING_RESTART);
        DisruptPlan kill = plan("1", "kill-leader", null, null, null, null, true);
        assertThat(kill.restartDelay()).isEqualTo(Duration.ofSeconds(5));
        assertThat(kill.describe()).isEqualTo("kill-leader, restarted after 5 s");
        DisruptPlan stall = plan("100,200", "stall", null, Duration.ofSeconds(25), null, null, true);
        assertThat(stall.server()).isEqualTo(ServerPick.FOLLOWER);
        assertThat(stall.levels()).extracting(l -> l.value()).containsExactly(100L, 200L);
        assertThat(stall.describe()).isEqualTo("stall of the follower for 25 s");
        assertThat(plan("1", "stall", null, Duration.ofSeconds(3), "2", null, true)
                        .server())
                .isEqualTo(new ServerPick(null, 2));
        DisruptPlan command = plan("10", null, "ssh zk3 systemctl restart zookeeper", null, null, null, false);
        assertThat(command.fault()).isEqualTo(FaultKind.COMMAND);
        assertThat(command.describe()).isEqualTo("the command 'ssh zk3 systemctl restart zookeeper'");
    }

    @Test
    void anEmbeddedFaultAgainstConnectAndACommandOnTheEmbeddedEnsembleAreRefusedInOneSentence() {
        assertThatThrownBy(() -> plan("10", "restart-leader", null, null, null, null, false))
                .hasMessage("--fault restart-leader needs the embedded ensemble, whose servers zkload runs; against"
                        + " --connect give --fault-cmd 'COMMAND' to inject the fault yourself");
        assertThatThrownBy(() -> plan("10", null, "true", null, null, null, true))
                .hasMessageStartingWith("--fault-cmd runs against --connect ensembles");
        assertThatThrownBy(() -> plan("10", "stall", "true", Duration.ofSeconds(1), null, null, false))
                .hasMessageStartingWith("give one of --fault KIND");
        assertThatThrownBy(() -> plan("10", null, null, null, null, null, true))
                .hasMessageStartingWith("give one of --fault KIND (restart-follower, restart-leader, kill-leader,"
                        + " stall, rolling-restart)");
    }

    @Test
    void optionsThatDoNotFitTheFaultAreRefused() {
        assertThatThrownBy(() -> plan("10", "reboot", null, null, null, null, true))
                .hasMessage("'reboot' is not a fault; the faults are restart-follower, restart-leader, kill-leader,"
                        + " stall, rolling-restart");
        assertThatThrownBy(() -> plan("10", "stall", null, null, null, null, true))
                .hasMessage("--fault stall needs --stall DURATION, how long the server is paused");
        assertThatThrownBy(() -> plan("10", "restart-leader", null, Duration.ofSeconds(5), null, null, true))
                .hasMessage("--stall is for --fault stall only");
        assertThatThrownBy(() -> plan("10", "stall", null, Duration.ZERO, null, null, true))
                .hasMessageStartingWith("--stall must be positive");
        assertThatThrownBy(() -> plan("10", "restart-follower", null, null, "leader", null, true))
                .hasMessageStartingWith("--server picks the server of --fault stall");
        assertThatThrownBy(() -> plan("10", "stall", null, Duration.ofSeconds(5), "primary", null, true))
                .hasMessage("--server takes leader, follower or a server id from 1, got 'primary'");
        assertThatThrownBy(() -> plan("10", "restart-leader", null, null, null, Duration.ofSeconds(5), true))
                .hasMessage("--restart-delay is for --fault kill-leader only");
        assertThatThrownBy(() -> plan("0,10", "restart-leader", null, null, null, null, true))
                .hasMessageStartingWith("--domains takes domain counts from 1 to 100000");
        assertThatThrownBy(() -> plan("10", null, "  ", null, null, null, false))
                .hasMessage("--fault-cmd must not be blank");
    }

    @Test
    void aPickedServerIsResolvedAgainstTheLeaderOfTheMoment() {
        assertThat(ServerPick.LEADER.resolve(2, 3)).isEqualTo(2);
        assertThat(ServerPick.FOLLOWER.resolve(2, 3)).isEqualTo(3);
        assertThat(ServerPick.FOLLOWER.resolve(3, 3)).isEqualTo(1);
        assertThat(new ServerPick(null, 1).resolve(-1, 3)).isEqualTo(1);
        assertThatThrownBy(() -> ServerPick.FOLLOWER.resolve(-1, 3)).hasMessageContaining("no server leads");
        assertThatThrownBy(() -> new ServerPick(null, 4).resolve(1, 3))
                .hasMessage("server 4 is not one of the ensemble's 3");
    }

    @Test
    void theLeadersFaultsAreTheOnesThatTakeTheLeaderAway() {
        assertThat(plan("1", "restart-leader", null, null, null, null, true).strikesLeader())
                .isTrue();
        assertThat(plan("1", "kill-leader", null, null, null, null, true).strikesLeader())
                .isTrue();
        assertThat(plan("1", "rolling-restart", null, null, null, null, true).strikesLeader())
                .isTrue();
        assertThat(plan("1", "stall", null, Duration.ofSeconds(4), "leader", null, true)
                        .strikesLeader())
                .as("a leader stalled for less than the followers' sync limit is waited for, not replaced")
                .isFalse();
        assertThat(plan("1", "stall", null, Duration.ofSeconds(4), null, null, true)
                        .strikesLeader())
                .isFalse();
        assertThat(plan("1", "restart-follower", null, null, null, null, true).strikesLeader())
                .isFalse();
    }
}
