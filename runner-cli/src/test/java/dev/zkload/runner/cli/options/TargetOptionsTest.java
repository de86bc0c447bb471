package dev.zkload.runner.cli.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zkload.runner.engine.run.EmbeddedServers;
import dev.zkload.runner.engine.run.TargetSpec;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

class TargetOptionsTest {
    @Command(name = "t")
    static final class Holder {
        @Mixin
        TargetOptions target = new TargetOptions();
    }

    private static TargetSpec parse(String... args) {
        Holder holder = new Holder();
        CommandLine cl = new CommandLine(holder);
        cl.parseArgs(args);
        CommandSpec spec = cl.getCommandSpec();
        return holder.target.spec(spec, 3);
    }

    @Test
    void withoutConnectTheTargetIsTheEmbeddedEnsembleTheOptionsDescribe() {
        TargetSpec t = parse(
                "--servers",
                "5",
                "--server-jvm-opts",
                "  -XX:+UseG1GC   -Djute.maxbuffer=104857600 ",
                "--snap-count",
                "1000",
                "--connect-timeout",
                "3s");
        assertThat(t.connect()).isNull();
        assertThat(t.connectTimeout()).isEqualTo(Duration.ofSeconds(3));
        EmbeddedServers e = t.embedded();
        assertThat(e.servers()).isEqualTo(5);
        assertThat(e.heap()).isEqualTo("1g");
        assertThat(e.snapCount()).isEqualTo(1000L);
        assertThat(e.jvmFlags()).containsExactly("-XX:+UseG1GC", "-Djute.maxbuffer=104857600");
        assertThat(parse().embedded().servers())
                .as("the command's default size")
                .isEqualTo(3);
        assertThat(parse().embedded().jvmFlags()).isEmpty();
    }

    @Test
    void theReportPresetIsTheReportsSetupAndOptionsBesideItWin() {
        EmbeddedServers e =
                parse("--server-preset", "report-2017", "--server-heap", "256m").embedded();
        assertThat(e.servers()).isEqualTo(5);
        assertThat(e.serverVersion()).isEqualTo("3.4.14");
        assertThat(e.heap()).isEqualTo("256m");
        assertThat(e.snapCount()).isEqualTo(3_000_000L);
        assertThat(e.jvmFlags()).contains("-Djute.maxbuffer=104857600", "-Xmn1500m");
        assertThat(e.zooCfg())
                .containsEntry("tickTime", "2000")
                .containsEntry("initLimit", "10")
                .containsEntry("syncLimit", "5")
                .containsEntry("minSessionTimeout", "4000")
                .containsEntry("maxSessionTimeout", "60000")
                .containsEntry("autopurge.snapRetainCount", "10")
                .doesNotContainKey("maxClientCnxns");
        EmbeddedServers mine = parse("--server-preset", "report-2017", "--servers", "3", "--server-version", "3.4.6")
                .embedded();
        assertThat(mine.servers()).isEqualTo(3);
        assertThat(mine.serverVersion()).isEqualTo("3.4.6");
        assertThat(mine.heap()).as("the report's heap").isEqualTo("6g");
    }

    @Test
    void connectIsParsedAndEmbeddedSettingsAreRefusedBesideIt() {
        TargetSpec t = parse("--connect", "127.0.0.1:2181,127.0.0.2:2182");
        assertThat(t.embedded()).isNull();
        assertThat(t.connect().servers()).hasSize(2);
        assertThatThrownBy(() -> parse("--connect", "127.0.0.1:2181", "--servers", "3"))
                .isInstanceOf(ParameterException.class)
                .hasMessageContaining("cannot be used with --connect");
        assertThatThrownBy(() -> parse("--connect", "127.0.0.1:notaport"))
                .isInstanceOf(ParameterException.class)
                .hasMessageStartingWith("--connect: ");
    }
}
