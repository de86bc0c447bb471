package dev.zkload.runner;

/** Entry point of {@code runner.jar}; the only place that calls {@link System#exit}. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(0);
    }
}
