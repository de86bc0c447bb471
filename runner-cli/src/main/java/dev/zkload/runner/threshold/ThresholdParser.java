package dev.zkload.runner.threshold;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads thresholds. The grammar (spaces allowed between the parts):
 *
 * <pre>
 * threshold  = metric [ "(" argument ")" ] comparison number [ unit ] [ "@" level ]
 * metric     = a name of the command's catalog | "p" percentile      (p50, p99.9, p999 = p99.9)
 * comparison = "&lt;" | "&lt;=" | "&gt;" | "&gt;=" | "==" | "!="
 * number     = digits [ "." digits ]
 * unit       = one of the metric's units (ms, s, %, k, /s, MiB, …)
 * level      = digits [ "k" | "m" | "g" ]           (a ramp step's domains, an experiment's level: 100k)
 * </pre>
 *
 * A bad threshold is refused with one sentence that quotes the bad token and says where it is and
 * what would be right.
 */
public final class ThresholdParser {
    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9.-]*");
    private static final Pattern PERCENTILE = Pattern.compile("p(\\d+(?:\\.\\d+)?)");
    private static final Pattern NUMBER = Pattern.compile("\\d+(?:\\.\\d+)?");
    private static final Pattern UNIT = Pattern.compile("[A-Za-zµ%/]+");
    private static final Pattern LEVEL = Pattern.compile("(\\d+)([kKmMgG]?)");

    private final Catalog catalog;
    private final String text;
    private int pos;

    private ThresholdParser(Catalog catalog, String text) {
        this.catalog = catalog;
        this.text = text;
    }

    /**
     * Parses one threshold against a command's catalog.
     *
     * @throws ThresholdSyntaxException naming the bad token
     */
    public static Threshold parse(String threshold, Catalog catalog) {
        String compact = threshold == null ? "" : threshold.replaceAll("\\s+", "");
        return new ThresholdParser(catalog, compact).threshold();
    }

    /**
     * Parses every threshold and checks each {@code @LEVEL} against the levels the run will have.
     *
     * @param levels the levels of the run (the ramp's steps' domains), or empty when they are not known in advance
     * @throws ThresholdSyntaxException for the first bad one
     */
    public static List<Threshold> parseAll(List<String> thresholds, Catalog catalog, Optional<List<Integer>> levels) {
        List<Threshold> parsed = thresholds.stream().map(t -> parse(t, catalog)).toList();
        levels.ifPresent(known -> parsed.stream()
                .filter(t -> t.level() != null && !known.contains(t.level()))
                .findFirst()
                .ifPresent(t -> {
                    throw new ThresholdSyntaxException("\"" + t.text() + "\": @" + t.level() + " is not a "
                            + catalog.levelWord() + " of this run; its " + catalog.levelWord() + "s have "
                            + String.join(
                                    ", ", known.stream().map(String::valueOf).toList())
                            + " " + catalog.levelName());
                }));
        return parsed;
    }

    private Threshold threshold() {
        if (text.isEmpty()) {
            throw new ThresholdSyntaxException("a threshold is empty; write e.g. \"p99(get)<5ms\"");
        }
        String name = token(NAME, "a metric name (" + catalog.names() + ")");
        Double percentile = null;
        Metric metric;
        Matcher p = PERCENTILE.matcher(name);
        Optional<Metric> named = catalog.metric(name);
        if (named.isPresent() && !named.get().percentile()) {
            metric = named.get();
        } else if (p.matches() && catalog.metric(Metric.PERCENTILE).isPresent()) {
            metric = catalog.metric(Metric.PERCENTILE).get();
            percentile = percentile(p.group(1), name);
        } else {
            throw bad(
                    name,
                    pos - name.length(),
                    "is not a metric of " + catalog.command() + "; give one of " + catalog.names());
        }
        String argument = argument(metric);
        Comparison comparison = comparison();
        double limit = limit(metric);
        int at = pos;
        Integer level = level();
        if (level != null && metric.aggregate() == Metric.Aggregate.RUN) {
            throw bad(
                    "@",
                    at,
                    "picks a " + catalog.levelWord() + ", but " + metric.name() + " is one value for the"
                            + " whole run");
        }
        if (pos < text.length()) {
            throw bad(text.substring(pos), pos, "is left over after the threshold");
        }
        return new Threshold(text, metric, percentile, argument, comparison, limit, level);
    }

    private Double percentile(String digits, String name) {
        // p999 and p9999 are the usual shorthands of 99.9 and 99.99
        double value = digits.matches("99+") && digits.length() > 2
                ? Double.parseDouble("99." + digits.substring(2))
                : Double.parseDouble(digits);
        if (!(value > 0 && value <= 100)) {
            throw bad(name, pos - name.length(), "is not a percentile; give one above 0 and at most 100, e.g. p99.9");
        }
        return value;
    }

    private String argument(Metric metric) {
        if (!peek("(")) {
            return null;
        }
        int open = pos;
        pos++;
        if (metric.arguments().isEmpty()) {
            throw bad("(", open, "follows " + metric.name() + ", which takes no argument");
        }
        int close = text.indexOf(')', pos);
        if (close < 0) {
            throw bad(text.substring(open), open, "has no closing parenthesis");
        }
        String argument = text.substring(pos, close);
        if (!metric.arguments().contains(argument)) {
            throw bad(argument, pos, "is not an operation; give one of " + String.join(", ", metric.arguments()));
        }
        pos = close + 1;
        return argument;
    }

    private Comparison comparison() {
        for (String symbol : List.of("<=", ">=", "==", "!=", "<", ">")) {
            if (peek(symbol)) {
                pos += symbol.length();
                for (Comparison c : Comparison.values()) {
                    if (c.symbol().equals(symbol)) {
                        return c;
                    }
                }
            }
        }
        String found = pos < text.length() ? text.substring(pos, pos + 1) : "the end";
        if (peek("=")) {
            throw bad("=", pos, "is not a comparison; write == (or <, <=, >, >=, !=)");
        }
        throw bad(found, pos, "is where a comparison belongs (<, <=, >, >=, ==, !=)");
    }

    private double limit(Metric metric) {
        Quantity q = metric.quantity();
        int at = pos;
        String number = token(NUMBER, "a number");
        double value = Double.parseDouble(number);
        Matcher m = UNIT.matcher(text).region(pos, text.length());
        if (m.lookingAt()) {
            String unit = m.group();
            Double factor = q.factor(unit);
            if (factor == null) {
                throw bad(
                        unit,
                        pos,
                        "is not a unit of " + metric.signature() + "; give " + (q.unitRequired() ? "" : "none or ")
                                + q.unitList());
            }
            pos = m.end();
            return value * factor;
        }
        if (q.unitRequired()) {
            throw bad(
                    number,
                    at,
                    "needs a unit: " + metric.signature() + " is a time; write e.g. " + number + "ms (" + q.unitList()
                            + ")");
        }
        return value;
    }

    private Integer level() {
        if (!peek("@")) {
            return null;
        }
        int at = pos;
        pos++;
        if (catalog.levelWord() == null) {
            throw bad(
                    "@",
                    at,
                    "picks a step of the ramp or a level of an experiment; " + catalog.command() + " has none to pick");
        }
        String written = token(LEVEL, "a number of " + catalog.levelName() + " after @");
        Matcher m = LEVEL.matcher(written);
        m.matches();
        // the suffixes the experiments' level lists take: k, m, g are thousands, millions, billions
        long factor =
                switch (m.group(2).toLowerCase(Locale.ROOT)) {
                    case "k" -> 1_000L;
                    case "m" -> 1_000_000L;
                    case "g" -> 1_000_000_000L;
                    default -> 1L;
                };
        try {
            return Math.toIntExact(Math.multiplyExact(Long.parseLong(m.group(1)), factor));
        } catch (ArithmeticException | NumberFormatException e) {
            throw bad(written, at + 1, "is too large");
        }
    }

    private String token(Pattern pattern, String expected) {
        Matcher m = pattern.matcher(text).region(pos, text.length());
        if (!m.lookingAt()) {
            String found = pos < text.length() ? String.valueOf(text.charAt(pos)) : "the end";
            throw bad(found, pos, "is where " + expected + " belongs");
        }
        pos = m.end();
        return m.group();
    }

    private boolean peek(String s) {
        return text.startsWith(s, pos);
    }

    private ThresholdSyntaxException bad(String token, int at, String why) {
        String shown = token.equals("the end") ? "the end" : "\"" + token + "\"";
        return new ThresholdSyntaxException(String.format(
                Locale.ROOT, "\"%s\": %s (character %d) %s", text, shown, Math.min(at, text.length()) + 1, why));
    }
}
