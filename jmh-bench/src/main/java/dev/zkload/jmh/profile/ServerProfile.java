package dev.zkload.jmh.profile;

import java.util.List;
import java.util.Map;

/**
 * A named server JVM setup: which JDK runs the forked ZooKeeper server, with which flags, heap and
 * zoo.cfg entries.
 *
 * @param name   the profile's name, the JMH {@code profile} parameter
 * @param jdk    a major version ("17") found among the installed JDKs, or a path to a JDK
 * @param flags  JVM flags
 * @param heap   -Xms/-Xmx, e.g. "1g"
 * @param zooCfg zoo.cfg entries
 */
public record ServerProfile(String name, String jdk, List<String> flags, String heap, Map<String, String> zooCfg) {
    public ServerProfile {
        flags = List.copyOf(flags);
        zooCfg = Map.copyOf(zooCfg);
    }
}
