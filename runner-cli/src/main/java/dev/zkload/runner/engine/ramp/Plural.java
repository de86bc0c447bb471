package dev.zkload.runner.engine.ramp;

/** "1 domain", "2 domains": the verdict is read by people. */
final class Plural {
    private Plural() {}

    static String domains(long n) {
        return n + (n == 1 ? " domain" : " domains");
    }
}
