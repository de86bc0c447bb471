package dev.zkload.runner.engine.ramp;

/** "1 domain", "2 domains": the verdict is read by people. */
final class Plural {
    private Plural() {}

    static String domains(long n) {
        return of(n, "domain");
    }

    static String of(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
