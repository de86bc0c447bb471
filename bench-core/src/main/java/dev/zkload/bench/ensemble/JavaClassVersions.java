package dev.zkload.bench.ensemble;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the JVM's "compiled by a more recent version" error: a ZooKeeper release built for a newer
 * Java than the JDK chosen to run it. The JVM names class file versions; operators know Java
 * versions, so the sentence says those.
 */
final class JavaClassVersions {
    /** Since Java 9: "(class file version 61.0), this version … only recognizes … up to 52.0". */
    private static final Pattern REFUSED = Pattern.compile("class file version (\\d+)\\.\\d+\\).*?up to (\\d+)\\.\\d+");
    /** Java 8 and before: "Unsupported major.minor version 52.0". */
    private static final Pattern REFUSED_BEFORE_9 = Pattern.compile("Unsupported major\\.minor version (\\d+)\\.\\d+");
    /** Class file version 45 is Java 1.1; each Java release since has added one. */
    private static final int JAVA_ONE_CLASS_VERSION = 44;

    private JavaClassVersions() {}

    /**
     * Why the JDK cannot run the server, in Java versions, if {@code jvmOutput} holds the JVM refusing a
     * class file that is too new for it; otherwise null.
     */
    static String tooOldFor(String jvmOutput) {
        if (!jvmOutput.contains("UnsupportedClassVersionError")) {
            return null;
        }
        Matcher m = REFUSED.matcher(jvmOutput);
        if (m.find()) {
            return "its classes need Java " + java(m.group(1)) + " or later and that JDK runs Java " + java(m.group(2))
                    + " at most; choose a newer JDK for the servers";
        }
        Matcher old = REFUSED_BEFORE_9.matcher(jvmOutput);
        if (old.find()) {
            return "its classes need Java " + java(old.group(1))
                    + " or later, newer than that JDK; choose a newer JDK for the servers";
        }
        return null;
    }

    private static int java(String classFileVersion) {
        return Integer.parseInt(classFileVersion) - JAVA_ONE_CLASS_VERSION;
    }
}
