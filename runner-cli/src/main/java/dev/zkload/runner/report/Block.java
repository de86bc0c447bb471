package dev.zkload.runner.report;

import java.util.List;

/**
 * A piece of the report, independent of the output format, so report.md and report.html say the same
 * things. Texts are raw (they may come from the results files); renderers escape them.
 */
sealed interface Block {
    record Title(String text) implements Block {}

    record Section(String text) implements Block {}

    /** A paragraph; {@code strong} for what must stand out as a warning (an incomplete run, a failed gate). */
    record Text(String text, boolean strong) implements Block {}

    /** An answer that is news, not a warning: its label in bold, the text plain ("Verdict: …"). */
    record Answer(String label, String text) implements Block {}

    record Bullets(List<String> items) implements Block {
        public Bullets {
            items = List.copyOf(items);
        }
    }

    /** A table under a heading of the given level (2 = section, 3 = sub-section). */
    record TableBlock(Table table, int level) implements Block {}

    /** A chart PNG lying beside the report, by file name. */
    record Image(String alt, String fileName) implements Block {}
}
