package dev.zkload.sim;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * The moments a Quartz cron fires at in a time zone, as Saturn's executors fire it; with {@code timing:
 * cron} a job fires at these, at whatever intervals they come ({@code 0 0 9-17 ? * MON-FRI}: on the
 * hour through the working day, then not until Monday), rather than evenly at its average rate.
 * Seconds, minutes, hours, days of the month, months and days of the week are matched exactly. A
 * day field with {@code L}, {@code W} or {@code #}, or a year, has no moments here ({@link #of} is
 * empty): such a job stays spread at its average rate. The fires a daylight-saving change skips come once,
 * at the end of the gap; those of an hour it repeats come once, the first time.
 */
final class CronMoments {
    /** Long enough for any day pattern this reads to come round: four years hold a 29 February. */
    private static final int SEARCH_DAYS = 4 * 366;

    private final String cron;
    private final ZoneId zone;
    /** The seconds of a day it fires at, ascending. */
    private final int[] secondsOfDay;
    /** Indexed 1–31, 1–12 and 1 (Sunday) – 7 (Saturday), as Quartz numbers them; null where any will do. */
    private final boolean[] daysOfMonth;

    private final boolean[] months;
    private final boolean[] daysOfWeek;

    private CronMoments(String cron, ZoneId zone, String[] f) {
        this.cron = cron;
        this.zone = zone;
        boolean[] seconds = CronRate.hits(f[0], 0, 59, cron);
        boolean[] minutes = CronRate.hits(f[1], 0, 59, cron);
        boolean[] hours = CronRate.hits(f[2], 0, 23, cron);
        int[] all = new int[24 * 3600];
        int n = 0;
        for (int t = 0; t < all.length; t++) {
            if (hours[t / 3600] && minutes[t / 60 % 60] && seconds[t % 60]) {
                all[n++] = t;
            }
        }
        this.secondsOfDay = Arrays.copyOf(all, n);
        this.daysOfMonth = CronRate.any(f[3]) ? null : CronRate.hits(f[3], 1, 31, cron);
        this.months = CronRate.any(f[4]) ? null : CronRate.hits(CronRate.named(f[4], CronRate.MONTHS), 1, 12, cron);
        this.daysOfWeek =
                CronRate.any(f[5]) ? null : CronRate.hits(CronRate.named(f[5], CronRate.WEEKDAYS), 1, 7, cron);
    }

    /**
     * The cron's moments in {@code zone}; empty when a day field uses {@code L}, {@code W} or {@code #}, a year is
     * named, or it never fires (30 February).
     *
     * @throws IllegalArgumentException saying what cannot be read, as {@link CronRate#firesPerDay} does
     */
    static Optional<CronMoments> of(String cron, ZoneId zone) {
        CronRate.firesPerDay(cron); // refuses what cannot be read, in the same words
        String[] f = CronRate.fields(cron);
        if ((CronRate.named(f[3]) + CronRate.named(f[5], CronRate.WEEKDAYS)).matches(".*[LW#].*")
                || (f.length == 7 && !CronRate.any(f[6]))) {
            return Optional.empty();
        }
        CronMoments m = new CronMoments(cron, zone, f);
        return m.nextAfter(0) < 0 ? Optional.empty() : Optional.of(m);
    }

    /**
     * The least time between two fires on a day it fires, and across its midnight: a run must end within it, or the
     * next fire finds it still running.
     */
    long closestMs() {
        int closest = 24 * 3600 - secondsOfDay[secondsOfDay.length - 1] + secondsOfDay[0];
        for (int k = 1; k < secondsOfDay.length; k++) {
            closest = Math.min(closest, secondsOfDay[k] - secondsOfDay[k - 1]);
        }
        return closest * 1000L;
    }

    /** The first moment strictly after {@code epochMs}, in epoch milliseconds; -1 when none comes in four years. */
    long nextAfter(long epochMs) {
        ZonedDateTime from =
                Instant.ofEpochSecond(Math.floorDiv(epochMs, 1000) + 1).atZone(zone);
        LocalDate day = from.toLocalDate();
        int second = from.toLocalTime().toSecondOfDay();
        for (int d = 0; d < SEARCH_DAYS; d++, day = day.plusDays(1), second = 0) {
            if (!firesOn(day)) {
                continue;
            }
            int k = Arrays.binarySearch(secondsOfDay, second);
            for (k = k < 0 ? -k - 1 : k; k < secondsOfDay.length; k++) {
                long at = day.atTime(LocalTime.ofSecondOfDay(secondsOfDay[k]))
                        .atZone(zone)
                        .toInstant()
                        .toEpochMilli();
                if (at > epochMs) {
                    return at;
                }
            }
        }
        return -1;
    }

    private boolean firesOn(LocalDate day) {
        return (daysOfMonth == null || daysOfMonth[day.getDayOfMonth()])
                && (months == null || months[day.getMonthValue()])
                && (daysOfWeek == null || daysOfWeek[quartzDay(day.getDayOfWeek())]);
    }

    /** Quartz counts the week from Sunday (1) to Saturday (7). */
    private static int quartzDay(DayOfWeek d) {
        return d.getValue() % 7 + 1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CronMoments m && m.cron.equals(cron) && m.zone.equals(zone);
    }

    @Override
    public int hashCode() {
        return Objects.hash(cron, zone);
    }

    @Override
    public String toString() {
        return cron + " in " + zone;
    }
}
