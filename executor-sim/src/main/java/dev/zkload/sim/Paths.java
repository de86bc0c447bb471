package dev.zkload.sim;

import java.util.ArrayList;
import java.util.List;

/** Znode path arithmetic. */
final class Paths {
    private Paths() {}

    /** {@code parent/child}, also under {@code /}. */
    static String join(String parent, String child) {
        return parent.equals("/") ? "/" + child : parent + "/" + child;
    }

    /** The parents of {@code path} from {@code namespace} (included) down, as Curator 2.10's ZKPaths.mkdirs checks them. */
    static List<String> parentsFrom(String namespace, String path) {
        List<String> parents = new ArrayList<>();
        parents.add(namespace);
        int i = namespace.length();
        while ((i = path.indexOf('/', i + 1)) > 0) {
            parents.add(path.substring(0, i));
        }
        return parents;
    }
}
