package dev.zkload.jmh.gate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import picocli.CommandLine;

/**
 * Every Interleave and jmh-gate command in docs/jmh.md, the CI examples and the CI smoke is one the
 * code accepts: JMH's parser and Interleave's checks for the run, picocli for the gate.
 */
class GateDocsTest {
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final List<Path> DOCS = List.of(
            ROOT.resolve("docs/jmh.md"),
            ROOT.resolve("docs/jmh-gate/github-actions.yml"),
            ROOT.resolve("docs/jmh-gate/gitlab-ci.yml"),
            ROOT.resolve(".ci/jmh-smoke"));
    private static final Pattern COMMAND = Pattern.compile("dev\\.zkload\\.jmh\\.gate\\.(Interleave|Gate)\\b([^\\n]*)");

    @Test
    void everyDocumentedRunIsOneInterleaveAccepts() throws Exception {
        List<List<String>> runs = commands("Interleave");
        assertThat(runs).as("Interleave commands in " + DOCS).hasSizeGreaterThanOrEqualTo(4);
        for (List<String> args : runs) {
            CommandLineOptions options = new CommandLineOptions(args.toArray(String[]::new));
            Rounds rounds = Interleave.plan(options);
            assertThat(rounds.rounds()).as(String.join(" ", args)).isGreaterThanOrEqualTo(3);
            assertThat(rounds.result().toString()).as(String.join(" ", args)).endsWith(".json");
        }
    }

    @Test
    void everyDocumentedGateIsOneItParses() throws Exception {
        List<List<String>> gates = commands("Gate");
        assertThat(gates).as("jmh-gate commands in " + DOCS).hasSizeGreaterThanOrEqualTo(4);
        for (List<String> args : gates) {
            CommandLine cli =
                    Gate.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
            cli.parseArgs(args.toArray(String[]::new));
            Gate gate = cli.getCommand();
            assertThat(gate.files).as(String.join(" ", args)).isNotEmpty();
        }
    }

    /** The arguments of each command naming the class, shell continuations joined and quotes removed. */
    private static List<List<String>> commands(String main) throws Exception {
        List<List<String>> found = new ArrayList<>();
        for (Path doc : DOCS) {
            String text = Files.readString(doc).replaceAll("\\\\\\n\\s*", " ");
            // GitLab's folded scalar (- >) joins its lines with spaces
            text = Pattern.compile("^( +)- >\\n((?:\\1  .*\\n)+)", Pattern.MULTILINE)
                    .matcher(text)
                    .replaceAll(m -> Matcher.quoteReplacement(m.group(1) + "- "
                            + m.group(2).replaceAll("\\n\\s*", " ").strip() + "\n"));
            Matcher m = COMMAND.matcher(text);
            while (m.find()) {
                if (m.group(1).equals(main)) {
                    found.add(words(m.group(2)));
                }
            }
        }
        return found;
    }

    /** Shell words: whitespace-separated, quotes grouping; a pipe, redirection, {@code ;} or backtick ends the command. */
    private static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (char c : line.strip().toCharArray()) {
            if (quote == 0 && (c == '`' || c == ';' || c == '>' || c == '|')) {
                break;
            }
            if (quote != 0 && c == quote) {
                quote = 0;
            } else if (quote == 0 && (c == '\'' || c == '"')) {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (quote == 0 && Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }
}
