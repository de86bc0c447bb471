package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.result.RunKind;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class RunKindsTest {
    @Test
    void everyKindOfResultsFolderIsWrittenByTheCommandOfItsName() {
        CommandLine root = Cli.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        for (RunKind kind : RunKind.values()) {
            assertThat(root.getSubcommands())
                    .as("the command that writes %s folders", kind)
                    .containsKey(kind.command());
        }
    }
}
