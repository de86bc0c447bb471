package dev.zkload.bench.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The PerfData format read from buffers written here as HotSpot writes them, whole, half written and cut short. */
class PerfDataTest {
    @Test
    void longsAndStringsAreReadInEitherByteOrder() {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            PerfData d = PerfData.parse(buffer(order, true, 2)).orElseThrow();
            assertThat(d.number("sun.os.hrt.frequency")).contains(1_000_000_000L);
            assertThat(d.text("sun.gc.collector.0.name")).contains("G1 young collection pauses");
            assertThat(d.number("sun.gc.collector.0.name")).isEmpty();
            assertThat(d.text("sun.os.hrt.frequency")).isEmpty();
        }
    }

    @Test
    void aBufferNotYetAccessibleOrOfAnotherFormatIsNone() {
        assertThat(PerfData.parse(buffer(ByteOrder.LITTLE_ENDIAN, false, 2)))
                .as("not accessible")
                .isEmpty();
        ByteBuffer wrongMagic = buffer(ByteOrder.BIG_ENDIAN, true, 2);
        wrongMagic.put(0, (byte) 0);
        assertThat(PerfData.parse(wrongMagic)).isEmpty();
        ByteBuffer version1 = buffer(ByteOrder.BIG_ENDIAN, true, 2);
        version1.put(5, (byte) 1);
        assertThat(PerfData.parse(version1)).isEmpty();
        assertThat(PerfData.parse(ByteBuffer.allocate(16)))
                .as("shorter than its prologue")
                .isEmpty();
    }

    @Test
    void anEntryCutShortEndsTheReading() {
        ByteBuffer b = buffer(ByteOrder.BIG_ENDIAN, true, 2);
        // the second entry claims more than the buffer holds, as one being appended might
        int second = b.getInt(24) + b.getInt(b.getInt(24));
        b.putInt(second, 10_000);
        PerfData d = PerfData.parse(b).orElseThrow();
        assertThat(d.number("sun.os.hrt.frequency")).contains(1_000_000_000L);
        assertThat(d.names()).hasSize(1);

        ByteBuffer fewer = buffer(ByteOrder.BIG_ENDIAN, true, 1);
        assertThat(PerfData.parse(fewer).orElseThrow().names())
                .as("only the entries the prologue counts")
                .hasSize(1);
    }

    /** A buffer with a long and a string counter, of which {@code entries} are counted in its prologue. */
    private static ByteBuffer buffer(ByteOrder order, boolean accessible, int entries) {
        ByteBuffer b = ByteBuffer.allocate(256).order(order);
        b.order(ByteOrder.BIG_ENDIAN).putInt(0, 0xcafec0c0).order(order);
        b.put(4, (byte) (order == ByteOrder.BIG_ENDIAN ? 0 : 1));
        b.put(5, (byte) 2);
        b.put(6, (byte) 0);
        b.put(7, (byte) (accessible ? 1 : 0));
        b.putInt(24, 32);
        b.putInt(28, entries);
        int at = entry(b, 32, "sun.os.hrt.frequency", 'J', 6, 0, 1_000_000_000L, null);
        at = entry(b, at, "sun.gc.collector.0.name", 'B', 5, 64, 0, "G1 young collection pauses");
        b.putInt(8, at);
        return b;
    }

    private static int entry(
            ByteBuffer b, int at, String name, char type, int units, int vector, long value, String text) {
        byte[] n = (name + "\0").getBytes(StandardCharsets.US_ASCII);
        int nameOffset = 20;
        int dataOffset = (nameOffset + n.length + 7) / 8 * 8;
        int length = dataOffset + (vector == 0 ? 8 : vector);
        b.putInt(at, length);
        b.putInt(at + 4, nameOffset);
        b.putInt(at + 8, vector);
        b.put(at + 12, (byte) type);
        b.put(at + 13, (byte) 1);
        b.put(at + 14, (byte) units);
        b.put(at + 15, (byte) 1);
        b.putInt(at + 16, dataOffset);
        b.put(at + nameOffset, n);
        if (vector == 0) {
            b.putLong(at + dataOffset, value);
        } else {
            b.put(at + dataOffset, text.getBytes(StandardCharsets.US_ASCII));
        }
        return at + length;
    }
}
