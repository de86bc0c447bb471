package dev.zkload.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/** The sessions an add starts, in order, each with the name its failure is reported under. */
final class Starts {
    final List<Supplier<CompletableFuture<Void>>> starts = new ArrayList<>();
    final List<String> names = new ArrayList<>();

    void add(Supplier<CompletableFuture<Void>> start, String name) {
        starts.add(start);
        names.add(name);
    }
}
