package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's usage help renders without a picocli warning. Picocli treats descriptions as
 * format strings: a lone "%" makes it print "[picocli WARN] Could not format ..." through its
 * tracer, which writes to whatever {@link System#err} is when the help is rendered.
 */
class HelpTextTest {

    @Test
    void everyCommandsHelpRendersWithoutAPicocliWarning() {
        List<String> rendered = new ArrayList<>();
        String warnings = capturingSystemErr(() -> {
            CommandLine root =
                    Cli.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
            renderAll(root, rendered);
        });

        assertThat(rendered)
                .as("commands whose help was rendered")
                .contains("zkload", "zkload max-rate", "zkload clean");
        assertThat(warnings)
                .as("picocli's tracer output while rendering every help")
                .isEmpty();
    }

    @Test
    void maxRateHelpShowsItsPercentageAndWarnsOfNothing() {
        CliRun[] run = new CliRun[1];
        String warnings = capturingSystemErr(() -> run[0] = CliRun.of("max-rate", "--help"));

        assertThat(run[0].exitCode()).isZero();
        assertThat(run[0].out()).contains("98% of the calls");
        assertThat(run[0].err() + warnings).doesNotContain("picocli").doesNotContain("Could not format");
    }

    @Test
    void theTopHelpLeadsWithWhatToRunAndTheCommandsAndLeavesTheRampsOptionsToRampHelp() {
        CliRun top = CliRun.of("--help");
        assertThat(top.exitCode()).isZero();
        String help = top.out();
        assertThat(help.lines().limit(12).toList())
                .as(help)
                .anyMatch(l -> l.contains(" ramp --domains 700"))
                .anyMatch(l -> l.contains(" ramp --connect "));
        assertThat(help.indexOf("Commands:")).isPositive().isLessThan(help.indexOf("Options:"));
        assertThat(help).contains("  ramp ", "  disrupt ", "  clean ").doesNotContain("--outstanding-threshold");
        assertThat(help.lines().count()).as(help).isLessThan(50);

        CliRun ramp = CliRun.of("ramp", "--help");
        assertThat(ramp.exitCode()).isZero();
        assertThat(ramp.out()).contains("--outstanding-threshold", "--domains");
    }

    @Test
    void theRampByItsNameTakesTheRampsOptions() {
        CliRun run = CliRun.of("ramp", "--domains", "0");
        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        assertThat(run.err()).contains("--domains must be positive, got 0");
    }

    @Test
    void theRunRecordsTheArgumentsAfterTheRampsName() {
        assertThat(RampSubcommand.withoutCommandName(List.of("ramp", "--domains", "3")))
                .containsExactly("--domains", "3");
        assertThat(RampSubcommand.withoutCommandName(List.of("--verbose", "ramp", "--out", "ramp")))
                .containsExactly("--verbose", "--out", "ramp");
        assertThat(RampSubcommand.withoutCommandName(List.of("--domains", "3"))).containsExactly("--domains", "3");
    }

    private static void renderAll(CommandLine command, List<String> rendered) {
        StringWriter help = new StringWriter();
        command.usage(new PrintWriter(help, true));
        assertThat(help.toString()).as(command.getCommandSpec().qualifiedName()).contains("Usage:");
        rendered.add(command.getCommandSpec().qualifiedName());
        for (CommandLine sub : command.getSubcommands().values()) {
            renderAll(sub, rendered);
        }
    }

    private static String capturingSystemErr(Runnable action) {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
