package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PathsTest {

    @Test
    void joinsUnderTheRootAndElsewhere() {
        assertThat(Paths.join("/", "a")).isEqualTo("/a");
        assertThat(Paths.join("/a/b", "c")).isEqualTo("/a/b/c");
    }

    @Test
    void theParentsCuratorChecksBeforeANodeCacheReadsItsNode() {
        // five exists before an item's running node: the fan-out's heaviest part
        assertThat(Paths.parentsFrom("/r/d", "/r/d/$Jobs/job-00/execution/2/running"))
                .containsExactly(
                        "/r/d",
                        "/r/d/$Jobs",
                        "/r/d/$Jobs/job-00",
                        "/r/d/$Jobs/job-00/execution",
                        "/r/d/$Jobs/job-00/execution/2");
        assertThat(Paths.parentsFrom("/r/d", "/r/d/x")).containsExactly("/r/d");
    }
}
