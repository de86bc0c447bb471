package dev.zkload.runner;

import picocli.CommandLine.IVersionProvider;

/** The version from the jar's manifest (set by the build), or "dev" when run from classes. */
public final class Version implements IVersionProvider {
    public static String current() {
        String v = Version.class.getPackage().getImplementationVersion();
        return v != null ? v : "dev";
    }

    @Override
    public String[] getVersion() {
        return new String[] {
            "zkload " + current() + " (ZooKeeper client " + org.apache.zookeeper.Version.getFullVersion() + ")"
        };
    }
}
