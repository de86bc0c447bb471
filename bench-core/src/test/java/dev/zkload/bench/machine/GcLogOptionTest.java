package dev.zkload.bench.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The GC log a command line names, and the -Xlog options that name none. */
class GcLogOptionTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            -Xlog:gc*:file=/var/log/zk/gc.log:time,uptime:filecount=5,filesize=20M | /var/log/zk/gc.log
            -Xlog:gc:/var/log/zk/gc.log                                             | /var/log/zk/gc.log
            -Xlog:gc+heap=debug,gc:file="/var/log/z:k/gc.log":uptimemillis         | /var/log/z:k/gc.log
            -Xlog:gc:file=gc.log::filecount=5                                       | gc.log
            -Xlog:gc*=debug:file=gc-%p-%t.log                                      | gc-%p-%t.log
            -Xlog::file=all.log                                                     | all.log
            -Xlog:all=info:file=all.log                                             | all.log
            -Xlog:gc+phases:file=zgc.log                                            | zgc.log
            -Xloggc:/var/log/zk/gc-%t.log                                           | /var/log/zk/gc-%t.log
            """)
    void theLogOfPausesIsFound(String option, String path) {
        assertThat(GcLogOption.in(List.of("-Xmx1g", option, "-Xlog:safepoint:file=sp.log")))
                .map(GcLogOption::path)
                .contains(path);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "-Xlog:gc",
                "-Xlog:gc*:stdout:time",
                "-Xlog:gc:stderr",
                "-Xlog:gc=warning:file=gc.log",
                "-Xlog:gc+heap:file=heap.log",
                "-Xlog:safepoint:file=sp.log",
                "-Xlog:disable",
                "-Xlog"
            })
    void optionsThatWriteNoPausesToAFileNameNone(String option) {
        assertThat(GcLogOption.in(List.of(option))).isEmpty();
    }

    @Test
    void theFirstOptionNamingOneWinsAndTheProgramsOwnArgumentsAreNoOptions() {
        assertThat(GcLogOption.in(List.of("-Xloggc:b.log", "-Xlog:gc:stdout", "-Xlog:gc:file=a.log", "-Xlog:gc:c.log")))
                .as("Java 9 and later ignore -Xloggc beside -Xlog:gc")
                .map(GcLogOption::path)
                .contains("a.log");
        JavaProcess p = new JavaProcess(
                1,
                1,
                List.of("java", "-cp", "-Xloggc:x.log", "QuorumPeerMain", "-Xloggc:zoo.log"),
                0,
                Instant.EPOCH,
                Path.of("/"),
                Path.of("/tmp"));
        assertThat(GcLogOption.in(p.options()))
                .as("a class path, and a program argument")
                .isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            -Xlog:gc:file=gc.log                              | 20971520
            -Xlog:gc:file=gc.log::filecount=5,filesize=10M    | 10485760
            -Xlog:gc:file=gc.log:time:filesize=1024           | 1024
            -Xlog:gc:file=gc.log::filecount=0                 | 0
            -Xloggc:gc.log                                    | 20971520
            """)
    void theSizeAtWhichTheJvmRotatesItsLogIsKnown(String option, long bytes) {
        assertThat(GcLogOption.in(List.of(option)).map(GcLogOption::rotatesAtBytes))
                .contains(bytes);
    }
}
