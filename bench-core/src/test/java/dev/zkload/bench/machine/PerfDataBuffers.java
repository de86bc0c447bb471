package dev.zkload.bench.machine;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** PerfData buffers written here as HotSpot writes its hsperfdata files, for the tests of their readers. */
final class PerfDataBuffers {
    private PerfDataBuffers() {}

    /** An accessible version 2.0 buffer holding {@code counters} (longs and strings), in their order. */
    static ByteBuffer of(ByteOrder order, Map<String, ?> counters) {
        ByteBuffer b = ByteBuffer.allocate(64 + 96 * counters.size()).order(order);
        b.order(ByteOrder.BIG_ENDIAN).putInt(0, 0xcafec0c0).order(order);
        b.put(4, (byte) (order == ByteOrder.BIG_ENDIAN ? 0 : 1));
        b.put(5, (byte) 2);
        b.put(6, (byte) 0);
        b.put(7, (byte) 1);
        b.putInt(24, 32);
        b.putInt(28, counters.size());
        int at = 32;
        for (Map.Entry<String, ?> c : counters.entrySet()) {
            at = entry(b, at, c.getKey(), c.getValue());
        }
        b.putInt(8, at);
        return b;
    }

    /** Writes one entry at {@code at}; the offset of the next. */
    private static int entry(ByteBuffer b, int at, String name, Object value) {
        byte[] n = (name + "\0").getBytes(StandardCharsets.US_ASCII);
        byte[] text = value instanceof String s ? (s + "\0").getBytes(StandardCharsets.US_ASCII) : null;
        int nameOffset = 20;
        int dataOffset = (nameOffset + n.length + 7) / 8 * 8;
        int length = (dataOffset + (text == null ? Long.BYTES : text.length) + 7) / 8 * 8;
        b.putInt(at, length);
        b.putInt(at + 4, nameOffset);
        b.putInt(at + 8, text == null ? 0 : text.length);
        b.put(at + 12, (byte) (text == null ? 'J' : 'B'));
        b.put(at + 13, (byte) 1);
        // units: events for a number, string for a text; variability: variable
        b.put(at + 14, (byte) (text == null ? 4 : 5));
        b.put(at + 15, (byte) 3);
        b.putInt(at + 16, dataOffset);
        b.put(at + nameOffset, n);
        if (text == null) {
            b.putLong(at + dataOffset, ((Number) value).longValue());
        } else {
            b.put(at + dataOffset, text);
        }
        return at + length;
    }
}
