package dev.zkload.runner.engine.ramp;

import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A plan whose settings break a rule: which setting, and why, with the other settings it names in braces
 * ({@code "{sustain} and {settle} must not be negative"}), so that a caller can say it in its own names (the
 * command line's options).
 */
public final class InvalidPlan extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private static final Pattern NAME = Pattern.compile("\\{(\\w+)}");

    private final String setting;
    private final String problem;

    InvalidPlan(String setting, String problem) {
        super(said(problem, name -> name));
        this.setting = setting;
        this.problem = problem;
    }

    /** The setting at fault, as the builder names it ({@code addRate}). */
    public String setting() {
        return setting;
    }

    /** The problem in one sentence, each setting named by {@code name} ({@code addRate} → {@code --add-rate}). */
    public String said(UnaryOperator<String> name) {
        return said(problem, name);
    }

    private static String said(String problem, UnaryOperator<String> name) {
        return NAME.matcher(problem).replaceAll(m -> Matcher.quoteReplacement(name.apply(m.group(1))));
    }
}
