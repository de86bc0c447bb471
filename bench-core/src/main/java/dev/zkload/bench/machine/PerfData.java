package dev.zkload.bench.machine;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The counters of one HotSpot PerfData buffer (an {@code hsperfdata} file, version 2.0 of its format), by name:
 * numbers ({@code long}) and strings. The format, as HotSpot writes it: a 32-byte prologue (the magic
 * {@code 0xcafec0c0} in big-endian order whatever the machine's, the byte order of everything else, the major
 * and minor version, a flag set once the JVM finished initialising the buffer, the bytes used, then the offset
 * of the first entry and the number of entries), followed by entries each holding its own length, the offset
 * of its NUL-terminated name, a vector length (0 for a scalar), a type code ({@code 'J'} a long, {@code 'B'} a
 * byte vector, strings being byte vectors in the STRING unit), flags, units, variability and the offset of its
 * data. The JVM appends entries while it runs, so an entry that is cut short or out of bounds ends the reading
 * rather than failing it; a buffer whose prologue is not whole, not this version or not yet accessible is none.
 */
final class PerfData {
    private static final int MAGIC = 0xcafec0c0;
    private static final int PROLOGUE_SIZE = 32;
    private static final int ENTRY_HEADER_SIZE = 20;
    private static final byte BIG_ENDIAN = 0;
    private static final byte TYPE_LONG = 'J';
    private static final byte TYPE_BYTE = 'B';
    private static final byte UNITS_STRING = 5;

    private final Map<String, Object> counters;

    private PerfData(Map<String, Object> counters) {
        this.counters = Map.copyOf(counters);
    }

    /** The counters of {@code buffer} from its start; empty when it is no readable version 2 PerfData buffer. */
    static Optional<PerfData> parse(ByteBuffer buffer) {
        ByteBuffer b = buffer.duplicate().order(ByteOrder.BIG_ENDIAN);
        int limit = b.limit();
        if (limit < PROLOGUE_SIZE || b.getInt(0) != MAGIC || b.get(5) != 2 || b.get(7) == 0) {
            return Optional.empty();
        }
        b.order(b.get(4) == BIG_ENDIAN ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        int used = Math.min(b.getInt(8), limit);
        int entry = b.getInt(24);
        int entries = b.getInt(28);
        Map<String, Object> counters = new HashMap<>();
        for (int i = 0; i < entries && entry >= PROLOGUE_SIZE && entry + ENTRY_HEADER_SIZE <= used; i++) {
            int length = b.getInt(entry);
            int nameOffset = b.getInt(entry + 4);
            int vectorLength = b.getInt(entry + 8);
            byte type = b.get(entry + 12);
            byte units = b.get(entry + 14);
            int dataOffset = b.getInt(entry + 16);
            if (length < ENTRY_HEADER_SIZE
                    || entry + length > used
                    || nameOffset < ENTRY_HEADER_SIZE
                    || dataOffset <= nameOffset
                    || dataOffset > length) {
                break;
            }
            String name = string(b, entry + nameOffset, entry + dataOffset);
            int data = entry + dataOffset;
            if (vectorLength == 0 && type == TYPE_LONG && data + Long.BYTES <= entry + length) {
                counters.put(name, b.getLong(data));
            } else if (vectorLength > 0
                    && type == TYPE_BYTE
                    && units == UNITS_STRING
                    && data + vectorLength <= entry + length) {
                counters.put(name, string(b, data, data + vectorLength));
            }
            entry += length;
        }
        return Optional.of(new PerfData(counters));
    }

    /** The bytes from {@code from} up to the first NUL or {@code to}, as text (HotSpot writes them from C strings). */
    private static String string(ByteBuffer b, int from, int to) {
        int end = from;
        while (end < to && b.get(end) != 0) {
            end++;
        }
        byte[] bytes = new byte[end - from];
        b.get(from, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** A numeric counter; empty when the JVM keeps none of that name. */
    Optional<Long> number(String name) {
        return counters.get(name) instanceof Long l ? Optional.of(l) : Optional.empty();
    }

    /** A string counter; empty when the JVM keeps none of that name. */
    Optional<String> text(String name) {
        return counters.get(name) instanceof String s ? Optional.of(s) : Optional.empty();
    }

    /** Every counter's name. */
    java.util.Set<String> names() {
        return counters.keySet();
    }
}
