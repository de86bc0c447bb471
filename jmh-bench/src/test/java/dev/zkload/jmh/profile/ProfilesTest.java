package dev.zkload.jmh.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfilesTest {

    @Test
    void shipsThePresetsTheIssueNames() {
        assertThat(Profiles.all().keySet())
                .contains(
                        "report-jdk7",
                        "report-jdk8",
                        "jdk17",
                        "jdk25",
                        "snapcount-1m",
                        "snapcount-3m",
                        "snapcount-10m");
        ServerProfile jdk8 = Profiles.named("report-jdk8");
        assertThat(jdk8.jdk()).isEqualTo("8");
        assertThat(jdk8.flags()).contains("-XX:+UseConcMarkSweepGC", "-Djute.maxbuffer=104857600");
        assertThat(Profiles.named("report-jdk7").flags()).contains("-XX:PermSize=256m");
        assertThat(Profiles.named("snapcount-10m").zooCfg()).containsEntry("snapCount", "10000000");
        assertThat(Profiles.named("zk34-jdk17").zookeeper()).isEqualTo("3.4.14");
        assertThat(Profiles.named("zk38-jdk17").zookeeper()).isEqualTo("3.8.4");
        assertThat(Profiles.named("jdk17").zookeeper())
                .as("the bundled release")
                .isNull();
    }

    @Test
    void theRunningJdkIsFoundAndAProfileForIt() {
        int running = Runtime.version().feature();
        assertThat(Jdks.installed()).containsKey(running);
        ServerProfile p =
                new ServerProfile("mine", Integer.toString(running), java.util.List.of(), "256m", java.util.Map.of());
        assertThat(Profiles.javaHome(p)).isPresent();
    }

    @Test
    void aMissingJdkIsNamedWithWhatIsInstalled() {
        ServerProfile p = new ServerProfile("old", "6", java.util.List.of(), null, java.util.Map.of());
        assertThat(Profiles.javaHome(p)).isEmpty();
        assertThat(Profiles.notInstalled(p))
                .startsWith("profile old skipped: it needs JDK 6, which is not installed; installed: ")
                .contains(Integer.toString(Runtime.version().feature()));
    }

    @Test
    void usersAddAndOverrideProfilesInAFile(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(
                dir.resolve("mine.properties"),
                "jdk17.jdk=17\njdk17.heap=2g\njdk17.flags=-XX:+UseParallelGC\nlow-snap.jdk=17\nlow-snap.zoocfg.snapCount=1000\n");
        System.setProperty("zkload.profiles", file.toString());
        try {
            assertThat(Profiles.named("jdk17").flags()).containsExactly("-XX:+UseParallelGC");
            assertThat(Profiles.named("low-snap").zooCfg()).containsEntry("snapCount", "1000");
            assertThat(Profiles.named("jdk25").jdk()).isEqualTo("25");
        } finally {
            System.clearProperty("zkload.profiles");
        }
        assertThatThrownBy(() -> Profiles.named("nope")).hasMessageContaining("no profile named 'nope'");
    }
}
