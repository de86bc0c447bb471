package dev.zkload.bench.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The PerfData format read from buffers written here as HotSpot writes them, whole, half written and cut short. */
class PerfDataTest {
    @Test
    void longsAndStringsAreReadInEitherByteOrder() {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            PerfData d = PerfData.parse(buffer(order)).orElseThrow();
            assertThat(d.number("sun.os.hrt.frequency")).contains(1_000_000_000L);
            assertThat(d.text("sun.gc.collector.0.name")).contains("G1 young collection pauses");
            assertThat(d.number("sun.gc.collector.0.name")).isEmpty();
            assertThat(d.text("sun.os.hrt.frequency")).isEmpty();
        }
    }

    @Test
    void aBufferNotYetAccessibleOrOfAnotherFormatIsNone() {
        ByteBuffer notAccessible = buffer(ByteOrder.LITTLE_ENDIAN);
        notAccessible.put(7, (byte) 0);
        assertThat(PerfData.parse(notAccessible)).as("not accessible").isEmpty();
        ByteBuffer wrongMagic = buffer(ByteOrder.BIG_ENDIAN);
        wrongMagic.put(0, (byte) 0);
        assertThat(PerfData.parse(wrongMagic)).isEmpty();
        ByteBuffer version1 = buffer(ByteOrder.BIG_ENDIAN);
        version1.put(5, (byte) 1);
        assertThat(PerfData.parse(version1)).isEmpty();
        assertThat(PerfData.parse(ByteBuffer.allocate(16)))
                .as("shorter than its prologue")
                .isEmpty();
    }

    @Test
    void anEntryCutShortEndsTheReading() {
        ByteBuffer b = buffer(ByteOrder.BIG_ENDIAN);
        // the second entry claims more than the buffer holds, as one being appended might
        int second = b.getInt(24) + b.getInt(b.getInt(24));
        b.putInt(second, 10_000);
        PerfData d = PerfData.parse(b).orElseThrow();
        assertThat(d.number("sun.os.hrt.frequency")).contains(1_000_000_000L);
        assertThat(d.names()).hasSize(1);

        ByteBuffer fewer = buffer(ByteOrder.BIG_ENDIAN);
        fewer.putInt(28, 1);
        assertThat(PerfData.parse(fewer).orElseThrow().names())
                .as("only the entries the prologue counts")
                .hasSize(1);
    }

    private static ByteBuffer buffer(ByteOrder order) {
        Map<String, Object> counters = new LinkedHashMap<>();
        counters.put("sun.os.hrt.frequency", 1_000_000_000L);
        counters.put("sun.gc.collector.0.name", "G1 young collection pauses");
        return PerfDataBuffers.of(order, counters);
    }
}
