package dev.zkload.bench.ops;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ThreadLocalRandom;

/** Run ids like {@code 20261122-153000-a1b2}: sortable by time, and unlikely to collide between runners. */
public final class RunIds {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private RunIds() {}

    public static String next() {
        return STAMP.format(ZonedDateTime.now(ZoneOffset.UTC)) + "-"
                + String.format("%04x", ThreadLocalRandom.current().nextInt(0x10000));
    }
}
