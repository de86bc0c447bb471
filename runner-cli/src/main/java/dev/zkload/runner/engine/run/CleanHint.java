package dev.zkload.runner.engine.run;

import dev.zkload.runner.RunnerJar;

/**
 * The {@code clean} command a user pastes to remove a tree zkload left (a {@code --keep} run, a killed
 * run, a quit before the removal ended). Security options are named, never spelled out: they carry
 * file and variable names of secrets that the user has at hand and the console should not repeat.
 */
public final class CleanHint {
    private CleanHint() {}

    /**
     * The command line, e.g. {@code java -jar runner.jar clean --connect zk1:2181 --root /zkload/ramp-1}.
     *
     * @param connectString the run's {@code --connect}, chroot included
     * @param withSecurity  the run gave security options, which {@code clean} needs as well
     */
    public static String command(String connectString, String root, boolean withSecurity) {
        return RunnerJar.command() + " clean --connect " + connectString + " --root " + root
                + (withSecurity ? " and this run's security options" : "");
    }

    /** The command for {@code root} on {@code target}, with the run's security options if it has any. */
    static String of(Target target, ClientSecuritySpec security, String root) {
        return command(target.connectString().toString(), root, security.given());
    }
}
