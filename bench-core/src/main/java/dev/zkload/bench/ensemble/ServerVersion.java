package dev.zkload.bench.ensemble;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A ZooKeeper release, {@code 3.4.14} or {@code 3.9.5}: what a forked server of that version
 * understands in its {@code zoo.cfg} follows from it ({@link #atLeast}).
 *
 * @param major 3
 * @param minor 4 to 9 (and later)
 * @param patch the patch release
 */
public record ServerVersion(int major, int minor, int patch) implements Comparable<ServerVersion> {
    private static final Pattern FORMAT = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+)");
    /** The oldest release zkload forks: 3.4.0, the line of the 2017 report's 3.4.6. */
    public static final ServerVersion OLDEST = new ServerVersion(3, 4, 0);

    /**
     * Parses {@code 3.4.14}.
     *
     * @throws IllegalArgumentException when the text is not a release number zkload can fork (3.4.0 or later)
     */
    public static ServerVersion parse(String text) {
        Matcher m = FORMAT.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    "a ZooKeeper version is three numbers like 3.4.14 or 3.9.5, got '" + text + "'");
        }
        ServerVersion v = new ServerVersion(
                Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
        if (v.compareTo(OLDEST) < 0) {
            throw new IllegalArgumentException(
                    "ZooKeeper " + v + " is older than " + OLDEST + ", the oldest zkload runs");
        }
        return v;
    }

    /** True when this release is {@code major.minor} or later. */
    public boolean atLeast(int major, int minor) {
        return this.major > major || (this.major == major && this.minor >= minor);
    }

    @Override
    public int compareTo(ServerVersion o) {
        int c = Integer.compare(major, o.major);
        if (c == 0) {
            c = Integer.compare(minor, o.minor);
        }
        return c != 0 ? c : Integer.compare(patch, o.patch);
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch;
    }
}
