package dev.zkload.sim;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The texts of Saturn's sharding, no ZooKeeper involved: the console's assignment JSON
 * ({@code leader/sharding/necessary}), an executor's items in it, the items of its
 * {@code servers/<executor>/sharding} node, and LeaderLatch's candidate order.
 */
final class Sharding {
    private static final Pattern ITEMS = Pattern.compile("\"([^\"]+)\":\\[([0-9,]*)\\]");

    private Sharding() {}

    /**
     * {@code {"exec-a":[0,3],"exec-b":[1],...}}: item {@code i} to the {@code i}-th executor of
     * {@code online} (sorted by the caller), round robin; "0" when no executor is online.
     */
    static String assign(List<String> online, int items) {
        if (online.isEmpty()) {
            return "0";
        }
        Map<String, List<Integer>> byExecutor = new TreeMap<>();
        for (int i = 0; i < items; i++) {
            byExecutor
                    .computeIfAbsent(online.get(i % online.size()), k -> new ArrayList<>())
                    .add(i);
        }
        StringBuilder json = new StringBuilder("{");
        byExecutor.forEach((e, list) -> {
            if (json.length() > 1) {
                json.append(',');
            }
            json.append('"').append(e).append("\":").append(list.toString().replace(" ", ""));
        });
        return json.append('}').toString();
    }

    /** The items of {@code executor} in an assignment, as its sharding node holds them ("0,2"); "" if none. */
    static String itemsOf(String assignment, String executor) {
        Matcher m = ITEMS.matcher(assignment);
        while (m.find()) {
            if (m.group(1).equals(executor)) {
                return m.group(2);
            }
        }
        return "";
    }

    /**
     * The executors whose sharding nodes a job leader writes for {@code assignment}: those under the job's
     * {@code servers} that are online, and every executor the assignment names, even one whose server node is not
     * there yet. Writing that one fails the whole {@code multi} ({@code NoNode}) and the next fire writes again;
     * leaving it out would set {@code necessary} to "0" with its items written nowhere, and no later reshard
     * rewrites an assignment that did not change.
     */
    static SortedSet<String> writtenBy(String assignment, List<String> servers, Predicate<String> offline) {
        SortedSet<String> executors = new TreeSet<>();
        for (String server : servers) {
            if (!offline.test(server)) {
                executors.add(server);
            }
        }
        Matcher m = ITEMS.matcher(assignment);
        while (m.find()) {
            executors.add(m.group(1));
        }
        return executors;
    }

    /** The items in a sharding node's data ("0,2", "" or absent: none). */
    static List<Integer> parseItems(byte[] data) {
        List<Integer> items = new ArrayList<>();
        if (data == null) {
            return items;
        }
        for (String s : new String(data, StandardCharsets.UTF_8).split(",", -1)) {
            if (!s.isBlank()) {
                items.add(Integer.parseInt(s.trim()));
            }
        }
        return items;
    }

    /** Orders latch candidates ({@code _c_<id>-latch-<sequence>}) by their sequence, as Curator's LeaderLatch does. */
    static int bySequence(String a, String b) {
        return a.substring(a.lastIndexOf('-') + 1).compareTo(b.substring(b.lastIndexOf('-') + 1));
    }
}
