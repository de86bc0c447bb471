package dev.zkload.runner.result;

/**
 * One server as the preflight found it, as run.json records it.
 *
 * @param server  host:port
 * @param version the server's version, or "unknown (…)" saying why
 * @param mode    leader, follower, standalone, observer, or unknown
 * @param metrics where its statistics come from: {@code 4lw}, {@code admin <url>}, or {@code none}
 */
public record ServerCheck(String server, String version, String mode, String metrics) {}
