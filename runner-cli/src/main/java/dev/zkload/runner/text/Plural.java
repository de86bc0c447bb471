package dev.zkload.runner.text;

/** "1 domain", "2 domains": the verdicts and messages are read by people. */
public final class Plural {
    private Plural() {}

    public static String domains(long n) {
        return of(n, "domain");
    }

    /** As a sentence begins: "One server", "2 servers". */
    public static String opening(long n, String noun) {
        return n == 1 ? "One " + noun : of(n, noun);
    }

    public static String of(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
