package dev.zkload.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** One simulated domain: its layout, console sharding sessions and executors. */
final class Domain {
    final String name;
    final Layout layout;
    /** Filled by the adder before the domain is published to the fleet's list, never changed after. */
    final List<Console> consoles = new ArrayList<>();

    final List<Executor> executors = new ArrayList<>();

    Domain(String name, Layout layout) {
        this.name = name;
        this.layout = layout;
    }

    /** Every executor's graceful shutdown, then the consoles close. */
    CompletableFuture<Void> shutdown() {
        List<CompletableFuture<Void>> all = new ArrayList<>();
        for (Executor x : executors) {
            all.add(x.shutdown());
        }
        return CompletableFuture.allOf(all.toArray(CompletableFuture[]::new))
                .whenComplete((v, e) -> consoles.forEach(Console::close));
    }
}
