package dev.zkload.sim;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * How often a Quartz cron expression, as Saturn's console stores it in {@code config/cron}, fires
 * on average: seconds, minutes and hours are counted exactly; day of month, month and day of week
 * as the share of days they let through ({@code L}, {@code W} and {@code #} as one day a month).
 * The simulator fires a job evenly at that rate, so a job every 5 s fires 12 times a minute and a
 * daily job once a day; what the servers carry on average is the same.
 */
final class CronRate {
    private static final double SECONDS_PER_DAY = 86_400;
    private static final double DAYS_PER_MONTH = 365.25 / 12;
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern COMMA = Pattern.compile(",");
    private static final Pattern SLASH = Pattern.compile("/");
    private static final Pattern DASH = Pattern.compile("-");
    static final String[] MONTHS = {"JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"};
    static final String[] WEEKDAYS = {"SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"};

    private CronRate() {}

    /**
     * Fires per day.
     *
     * @throws IllegalArgumentException saying what cannot be read
     */
    static double firesPerDay(String cron) {
        String[] f = fields(cron);
        if (f.length < 6 || f.length > 7) {
            throw new IllegalArgumentException("cron '" + cron + "' has " + f.length
                    + " fields, not Quartz's 6 or 7 (second minute hour" + " day-of-month month day-of-week [year])");
        }
        double perDay = count(f[0], 0, 59, cron) * count(f[1], 0, 59, cron) * count(f[2], 0, 23, cron);
        double days = dayShare(f[3], 1, 31, DAYS_PER_MONTH, cron)
                * dayShare(f[5], 1, 7, 7, cron)
                * (any(f[4]) ? 1 : count(named(f[4], MONTHS), 1, 12, cron) / 12.0);
        return perDay * days;
    }

    /** The mean interval between fires, in milliseconds. */
    static long periodMs(String cron) {
        return Math.max(1, Math.round(SECONDS_PER_DAY * 1000 / firesPerDay(cron)));
    }

    /** The cron's fields, as many as it has. */
    static String[] fields(String cron) {
        return SPACES.split(cron.trim(), -1);
    }

    static boolean any(String field) {
        return field.equals("*") || field.equals("?");
    }

    private static double dayShare(String field, int min, int max, double perCycle, String cron) {
        if (any(field)) {
            return 1;
        }
        String f = named(field, WEEKDAYS); // before looking for W: WED is a day, not a weekday's W
        if (f.matches(".*[LW#].*")) {
            return 1 / DAYS_PER_MONTH;
        }
        return count(f, min, max, cron) / perCycle;
    }

    /** The field with each name replaced by its number, the first name being 1. */
    static String named(String field, String... names) {
        String f = field.toUpperCase(Locale.ROOT);
        for (int i = 0; i < names.length; i++) {
            f = f.replace(names[i], Integer.toString(i + 1));
        }
        return f;
    }

    /** How many values a field lets through. */
    private static int count(String field, int min, int max, String cron) {
        int n = 0;
        for (boolean h : hits(field, min, max, cron)) {
            n += h ? 1 : 0;
        }
        return n;
    }

    /** Values a field lets through: lists of {@code *}, {@code a}, {@code a-b}, each with an optional {@code /step}. */
    static boolean[] hits(String field, int min, int max, String cron) {
        boolean[] hit = new boolean[max + 1];
        for (String part : COMMA.split(field, -1)) {
            String[] stepped = SLASH.split(part, 2);
            try {
                int step = stepped.length == 2 ? Integer.parseInt(stepped[1]) : 1;
                int from;
                int to;
                if (any(stepped[0])) {
                    from = min;
                    to = max;
                } else if (stepped[0].contains("-")) {
                    String[] r = DASH.split(stepped[0], 2);
                    from = Integer.parseInt(r[0]);
                    to = Integer.parseInt(r[1]);
                } else {
                    from = Integer.parseInt(stepped[0]);
                    to = stepped.length == 2 ? max : from;
                }
                if (step < 1 || from < min || to > max || from > to) {
                    throw new NumberFormatException();
                }
                for (int v = from; v <= to; v += step) {
                    hit[v] = true;
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        "cron '" + cron + "': cannot read '" + field + "' (values " + min + " to " + max + ")");
            }
        }
        return hit;
    }
}
