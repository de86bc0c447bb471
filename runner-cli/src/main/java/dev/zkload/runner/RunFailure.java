package dev.zkload.runner;

/**
 * A runtime failure whose message is the one sentence the user sees (exit code 1).
 * The cause, if any, is printed only with {@code --verbose}.
 */
public final class RunFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RunFailure(String sentence) {
        super(sentence);
    }

    public RunFailure(String sentence, Throwable cause) {
        super(sentence, cause);
    }
}
