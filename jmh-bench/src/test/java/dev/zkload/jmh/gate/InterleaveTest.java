package dev.zkload.jmh.gate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Bad usage is refused before any fork starts; the order of the rounds. (A real run: .ci/jmh-smoke.) */
class InterleaveTest {

    @Test
    void oddRoundsRunTheProfilesAsGivenAndEvenRoundsReversed() {
        List<String> profiles = List.of("a", "b", "c");
        assertThat(Rounds.order(profiles, 1)).containsExactly("a", "b", "c");
        assertThat(Rounds.order(profiles, 2)).containsExactly("c", "b", "a");
        assertThat(Rounds.order(profiles, 3)).containsExactly("a", "b", "c");
    }

    @Test
    void needsTwoDifferentProfiles() throws Exception {
        assertThat(refused("GetBenchmark", "-p", "profile=jdk17", "-f", "4"))
                .isEqualTo(
                        "interleave: name two or more different profiles to alternate, as in -p profile=jdk17,jdk25");
        assertThat(refused("GetBenchmark", "-p", "profile=jdk17,jdk17", "-f", "4"))
                .startsWith("interleave: name two or more different profiles");
        assertThat(refused("GetBenchmark", "-f", "4")).startsWith("interleave: name two or more different profiles");
    }

    @Test
    void needsTwoForksOfEachProfile() throws Exception {
        assertThat(refused("GetBenchmark", "-p", "profile=jdk17,jdk25"))
                .startsWith("interleave: -f gives the forks of each profile and must be 2 or more");
        assertThat(refused("GetBenchmark", "-p", "profile=jdk17,jdk25", "-f", "1"))
                .startsWith("interleave: -f gives the forks of each profile and must be 2 or more");
    }

    @Test
    void writesJsonOnly() throws Exception {
        assertThat(refused("GetBenchmark", "-p", "profile=jdk17,jdk25", "-f", "2", "-rf", "csv"))
                .isEqualTo("interleave: it writes JMH's JSON only; drop -rf or give -rf json");
    }

    @Test
    void aPatternThatMatchesNoBenchmarkIsSaid() throws Exception {
        assertThat(refused("NoSuchBenchmark", "-p", "profile=jdk17,jdk25", "-f", "2"))
                .startsWith("interleave: no benchmark matches [NoSuchBenchmark]");
    }

    @Test
    void jmhsOwnUsageErrorsAreOneSentence() throws Exception {
        assertThat(refused("-f", "many")).startsWith("interleave: ");
    }

    /** Runs Interleave on bad usage: it must exit 2 with one line on stderr and nothing on stdout. */
    private static String refused(String... args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Interleave.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(exit).isEqualTo(2);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
        String message = err.toString(StandardCharsets.UTF_8).strip();
        assertThat(message.lines()).hasSize(1);
        return message;
    }
}
