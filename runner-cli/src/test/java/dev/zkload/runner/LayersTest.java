package dev.zkload.runner;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The layers of runner-cli, checked on the compiled classes: the engine, the result records and the
 * reports can be changed, tested and reused without the command line.
 */
class LayersTest {
    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.zkload.runner");

    @Test
    void theEngineTheResultsAndTheReportsKnowNothingOfTheCommandLine() {
        noClasses()
                .that()
                .resideInAnyPackage(
                        "dev.zkload.runner.engine..",
                        "dev.zkload.runner.result..",
                        "dev.zkload.runner.report..",
                        "dev.zkload.runner.threshold..",
                        "dev.zkload.runner.metrics..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("picocli..", "dev.zkload.runner.cli..")
                .check(MAIN);
    }

    @Test
    void theEngineReportsToItsListenerNeverToTheConsoleOrTheProcessesGlobals() {
        // a Java caller drives a run with a RunListener: the console, the exit codes, the signal handling and what a
        // quit leaves are the command line's, told through that listener
        noClasses()
                .that()
                .resideInAPackage("dev.zkload.runner.engine..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("dev.zkload.runner.progress..")
                .orShould()
                .dependOnClassesThat()
                .belongToAnyOf(Main.class, ExitCodes.class, Interrupts.class, SignalGrace.class, LeftOnQuit.class)
                .check(MAIN);
    }

    @Test
    void theResultRecordsKnowNothingOfTheEngineOrTheReports() {
        noClasses()
                .that()
                .resideInAPackage("dev.zkload.runner.result..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.zkload.runner.engine..", "dev.zkload.runner.report..")
                .check(MAIN);
    }

    @Test
    void thresholdsReadResultsAndNothingElseOfTheRunner() {
        noClasses()
                .that()
                .resideInAPackage("dev.zkload.runner.threshold..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.zkload.runner.engine..",
                        "dev.zkload.runner.report..",
                        "dev.zkload.runner.cli..",
                        "picocli..")
                .check(MAIN);
    }
}
