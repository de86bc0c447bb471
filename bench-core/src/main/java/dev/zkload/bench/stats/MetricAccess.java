package dev.zkload.bench.stats;

import dev.zkload.zk.connect.ServerAddress;
import java.util.List;

/**
 * How zkload can read one server's statistics, found out before a run: which of the four-letter
 * words it needs the server refuses, and whether the AdminServer answers instead.
 *
 * @param server       the server probed
 * @param refusedWords the words of {@link StatsClient#NEEDED_WORDS} that are not in the server's
 *                     {@code 4lw.commands.whitelist}
 * @param wordProblem  how the client port failed a word it did not refuse (e.g. closed the connection
 *                     without answering); null when every word answered or was refused
 * @param adminUrl     the AdminServer base URL tried (null when every word answered)
 * @param adminProblem why the AdminServer did not serve instead; null when it did or was not needed
 * @param source       where statistics come from; null when neither way works
 * @param version      the server's version, or null when nothing answered {@code srvr}
 * @param state        its role, {@link ServerState#UNKNOWN} when unknown
 */
public record MetricAccess(
        ServerAddress server,
        List<String> refusedWords,
        String wordProblem,
        String adminUrl,
        String adminProblem,
        ServerStats.Source source,
        String version,
        ServerState state) {

    public MetricAccess {
        refusedWords = List.copyOf(refusedWords);
    }

    /** True when every statistic the runner samples can be read. */
    public boolean complete() {
        return source != null;
    }

    /** {@code 4lw}, {@code admin <url>} or {@code none}: how run.json names the source. */
    public String describeSource() {
        if (source == null) {
            return "none";
        }
        return source == ServerStats.Source.FOUR_LETTER_WORD ? "4lw" : "admin " + adminUrl;
    }
}
