package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelValidateCommandTest {
    private static final String SHOP = """
            model: shop
            version: saturn-3
            kinds:
              - name: orders
                weight: 80
                executors: 3
                jobs:
                  - count: 30
                    items: 3
                    cron: "* * * * * ?"
              - name: reports
                weight: 20
                executors: 1
                jobs:
                  - items: 12
                    every: 5s
            """;

    @Test
    void aValidFileIsSaidWithWhatOneDomainCostsAndNoEnsembleIsNeeded(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("shop.yaml");
        Files.writeString(file, SHOP);
        CliRun run = CliRun.of("model", "validate", file.toString());
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
        // a job every second with no runTime written: the 2 s default fits it instead of failing
        assertThat(run.out())
                .startsWith(file + " is a valid model file: shop, saturn-3; 80% like orders, 20% like reports.")
                .contains("One domain of its mix adds about ")
                .contains(" znodes, ");
    }

    @Test
    void aFileThatMakesNoSenseIsOneSentenceNamingItsLineExitOne(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("shop.yaml");
        Files.writeString(file, SHOP.replace("items: 12", "itmes: 12"));
        CliRun run = CliRun.of("model", "validate", file.toString());
        assertThat(run.exitCode()).isEqualTo(ExitCodes.RUNTIME_FAILURE);
        assertThat(run.err().strip())
                .startsWith("zkload: " + file + ":15: unknown key 'itmes' in a job shape")
                .doesNotContain("\n");
        CliRun missing = CliRun.of("model", "validate", dir.resolve("none.yaml").toString());
        assertThat(missing.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(missing.err()).contains("is not a file");
    }
}
