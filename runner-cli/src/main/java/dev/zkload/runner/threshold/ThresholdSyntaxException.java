package dev.zkload.runner.threshold;

/** A threshold that cannot be read or cannot apply to this run; the message is one sentence naming the bad token. */
public final class ThresholdSyntaxException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    ThresholdSyntaxException(String sentence) {
        super(sentence);
    }
}
