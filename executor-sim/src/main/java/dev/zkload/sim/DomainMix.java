package dev.zkload.sim;

import java.util.List;

/**
 * A fleet's domain kinds in the order it adds them: each next domain is of the kind furthest behind its
 * share of the domains so far, the first in the file on a tie. Deterministic, and every prefix is within
 * one domain of the weights (10 domains of an 80/20 mix are 8 and 2). It keeps its counts, so a fleet
 * that adds domain after domain pays for each in the number of kinds, not in the domains before it; a
 * fleet that removes domains gives their kinds back, so the next ones restore the proportions.
 * Thread-safe: a fleet adds and removes domains from several threads.
 */
final class DomainMix {
    private final List<DomainKind> kinds;
    private final double total;
    private final int[] counts;
    private int added;

    DomainMix(List<DomainKind> kinds) {
        this.kinds = kinds;
        this.total = kinds.stream().mapToDouble(DomainKind::weight).sum();
        this.counts = new int[kinds.size()];
    }

    synchronized DomainKind next() {
        added++;
        int chosen = 0;
        double best = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < kinds.size(); k++) {
            double behind = kinds.get(k).weight() / total * added - counts[k];
            if (behind > best + 1e-9) {
                best = behind;
                chosen = k;
            }
        }
        counts[chosen]++;
        return kinds.get(chosen);
    }

    /** A domain of {@code kind} is gone. */
    synchronized void remove(DomainKind kind) {
        int k = kinds.indexOf(kind);
        if (k < 0 || counts[k] == 0) {
            throw new IllegalArgumentException("no domain of kind " + kind.name() + " to remove");
        }
        counts[k]--;
        added--;
    }
}
