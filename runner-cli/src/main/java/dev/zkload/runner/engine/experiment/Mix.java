package dev.zkload.runner.engine.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A mix of operations by weight, e.g. {@code get=80,set=15,create=5}, taken in a fixed interleaved
 * order (smooth weighted round-robin) rather than at random: every stretch of calls holds the mix,
 * and two runs of the same mix send the same sequence.
 */
public final class Mix {
    /** The operations a mix may hold. */
    public static final List<String> OPS = List.of("get", "exists", "set", "create", "delete");

    private final Map<String, Integer> weights;
    private final String[] cycle;

    private Mix(Map<String, Integer> weights) {
        this.weights = Map.copyOf(weights);
        int total = weights.values().stream().mapToInt(Integer::intValue).sum();
        cycle = new String[total];
        Map<String, Integer> current = new LinkedHashMap<>();
        weights.keySet().forEach(op -> current.put(op, 0));
        for (int i = 0; i < total; i++) {
            String best = null;
            for (Map.Entry<String, Integer> w : weights.entrySet()) {
                int c = current.get(w.getKey()) + w.getValue();
                current.put(w.getKey(), c);
                if (best == null || c > current.get(best)) {
                    best = w.getKey();
                }
            }
            current.put(best, current.get(best) - total);
            cycle[i] = best;
        }
    }

    /**
     * Parses {@code op=weight,...}, or one operation alone.
     *
     * @throws IllegalArgumentException naming the part that is wrong
     */
    public static Mix parse(String text) {
        Map<String, Integer> weights = new LinkedHashMap<>();
        for (String part : text.split(",", -1)) {
            String[] kv = part.trim().split("=", -1);
            String op = kv[0].trim();
            if (!OPS.contains(op)) {
                throw new IllegalArgumentException("'" + op + "' is not one of " + String.join(", ", OPS));
            }
            int weight;
            try {
                weight = kv.length == 1 ? 1 : Integer.parseInt(kv[1].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + part.trim() + "' needs a whole weight, like get=80");
            }
            if (kv.length > 2 || weight < 1 || weight > 1000) {
                throw new IllegalArgumentException("'" + part.trim() + "' needs a weight from 1 to 1000, like get=80");
            }
            if (weights.put(op, weight) != null) {
                throw new IllegalArgumentException(op + " is given twice");
            }
        }
        return new Mix(weights);
    }

    /** The operation of call {@code n}. */
    String op(long n) {
        return cycle[(int) (n % cycle.length)];
    }

    /** The weights, by operation. */
    public Map<String, Integer> weights() {
        return weights;
    }

    /** The operations in the order of {@link #OPS}. */
    List<String> ops() {
        List<String> ops = new ArrayList<>();
        OPS.stream().filter(weights::containsKey).forEach(ops::add);
        return ops;
    }
}
