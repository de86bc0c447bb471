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
 * @param zooCfg    zoo.cfg entries
 * @param zookeeper the ZooKeeper release the server runs, e.g. "3.4.14" (resolved from Maven Central
 *                  into the local repository); null for the one zkload is built with
 */
public record ServerProfile(
        String name, String jdk, List<String> flags, String heap, Map<String, String> zooCfg, String zookeeper) {
    public ServerProfile {
        flags = List.copyOf(flags);
        zooCfg = Map.copyOf(zooCfg);
    }

    /** A profile of the ZooKeeper zkload is built with. */
    public ServerProfile(String name, String jdk, List<String> flags, String heap, Map<String, String> zooCfg) {
        this(name, jdk, flags, heap, zooCfg, null);
    }
}
