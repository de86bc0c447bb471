package dev.zkload.runner.cli;

import dev.zkload.runner.result.MeasuredFootprint;
import java.io.PrintWriter;

/** The footprint per domain, measured beside the model, as {@code simulate} prints it. */
final class FootprintTable {
    private FootprintTable() {}

    static void print(PrintWriter out, MeasuredFootprint measured, dev.zkload.sim.Footprint model, String note) {
        out.printf("%nPer domain, measured on the servers vs the model:%n");
        if (measured == null) {
            out.printf("  %s%n", note);
            return;
        }
        out.printf("  %-12s %10s %10s %10s%n", "", "measured", "model", "deviation");
        row(out, "znodes", measured.znodes(), model.znodes(), 1);
        row(out, "watches", measured.watches(), model.watches(), 1);
        row(out, "ephemerals", measured.ephemerals(), model.ephemerals(), 1);
        row(out, "sessions", measured.sessions(), model.sessions(), 1);
        row(out, "writes/s", measured.writesPerSec(), model.writesPerSec(), 2);
    }

    private static void row(PrintWriter out, String label, Double measured, double model, int decimals) {
        String format = "%." + decimals + "f";
        out.printf(
                "  %-12s %10s %10s %10s%n",
                label,
                measured == null ? "n/a" : String.format(java.util.Locale.ROOT, format, measured),
                String.format(java.util.Locale.ROOT, format, model),
                measured == null || model == 0
                        ? ""
                        : String.format(java.util.Locale.ROOT, "%+.1f%%", 100 * (measured - model) / model));
    }
}
