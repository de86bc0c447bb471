package dev.zkload.runner.cli;

import static picocli.CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST;
import static picocli.CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST_HEADING;
import static picocli.CommandLine.Model.UsageMessageSpec.SECTION_KEY_DESCRIPTION;
import static picocli.CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST;
import static picocli.CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING;
import static picocli.CommandLine.Model.UsageMessageSpec.SECTION_KEY_SYNOPSIS;

import dev.zkload.runner.RunnerJar;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.TextTable;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The top-level {@code --help}: what to run and the commands first. The top level takes the ramp's
 * options too (the ramp is the default command), but listing them there buried the commands under
 * forty options; they are in {@code ramp --help}, and this help says so.
 */
final class TopHelp {
    private static final String START = "start";
    private static final int NAME_WIDTH = 15;
    private static final Set<String> OWN_OPTIONS = Set.of("--help", "--version", "--verbose");

    private TopHelp() {}

    static void install(CommandLine top) {
        String jar = RunnerJar.command();
        top.getHelpSectionMap()
                .put(SECTION_KEY_SYNOPSIS, help -> "Usage: " + jar + " [COMMAND] [OPTIONS]" + System.lineSeparator());
        top.getHelpSectionMap()
                .put(
                        START,
                        help -> String.format(
                                "%nStart with:%n"
                                        + "  %1$s ramp --domains 700%n"
                                        + "      the ramp on an embedded 3-server ensemble: how many domains it carries%n"
                                        + "  %1$s ramp --connect zk1:2181,zk2:2181,zk3:2181 --domains 700%n"
                                        + "      the same on your ensemble%n"
                                        + "  %1$s latency --connect zk1:2181%n"
                                        + "      what each of the seven operations costs, like zk-latencies.py%n"
                                        + "  %1$s COMMAND --help%n"
                                        + "      a command's options (the ramp's: ramp --help; without a command the options"
                                        + " are the ramp's)%n",
                                jar));
        top.getHelpSectionMap().put(SECTION_KEY_COMMAND_LIST, help -> commands(top, help));
        top.getHelpSectionMap().put(SECTION_KEY_OPTION_LIST, help -> help.optionListExcludingGroups(own(top)));
        // on the top's own spec: CommandLine.setHelpSectionKeys would hand these keys to every subcommand too
        top.getCommandSpec()
                .usageMessage()
                .sectionKeys(List.of(
                        SECTION_KEY_SYNOPSIS,
                        SECTION_KEY_DESCRIPTION,
                        START,
                        SECTION_KEY_COMMAND_LIST_HEADING,
                        SECTION_KEY_COMMAND_LIST,
                        SECTION_KEY_OPTION_LIST_HEADING,
                        SECTION_KEY_OPTION_LIST));
        top.getCommandSpec().usageMessage().commandListHeading("%nCommands:%n");
        top.getCommandSpec().usageMessage().optionListHeading("%nOptions:%n");
    }

    /** Each command with the first sentence of its description: what it answers, in a line or two. */
    private static String commands(CommandLine top, CommandLine.Help help) {
        int width = top.getCommandSpec().usageMessage().width();
        TextTable table = TextTable.forColumns(
                help.colorScheme(),
                new Column(NAME_WIDTH, 2, Column.Overflow.SPAN),
                new Column(width - NAME_WIDTH, 1, Column.Overflow.WRAP));
        top.getSubcommands().forEach((name, sub) -> {
            String[] description = sub.getCommandSpec().usageMessage().description();
            table.addRowValues(name, description.length == 0 ? "" : firstSentence(description[0]));
        });
        return table.toString();
    }

    static String firstSentence(String text) {
        for (int i = 0; i < text.length() - 1; i++) {
            char c = text.charAt(i);
            if ((c == '.' || c == '?' || c == ':') && text.charAt(i + 1) == ' ') {
                return c == ':' ? text.substring(0, i) + "." : text.substring(0, i + 1);
            }
        }
        return text;
    }

    private static List<OptionSpec> own(CommandLine top) {
        return top.getCommandSpec().options().stream()
                .filter(o -> OWN_OPTIONS.contains(o.longestName()))
                .toList();
    }
}
