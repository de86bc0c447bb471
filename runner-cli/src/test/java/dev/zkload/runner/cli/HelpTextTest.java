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
