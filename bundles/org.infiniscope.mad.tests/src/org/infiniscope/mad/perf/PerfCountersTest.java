package org.infiniscope.mad.perf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class PerfCountersTest {

    static Stream<PerfCounterCodec<?>> codecs() {
        return Stream.of(PerfAttributes.PORT_COUNTERS, PerfAttributes.PORT_RCV_ERROR_DETAILS,
                PerfAttributes.PORT_XMIT_DISCARD_DETAILS, ExtendedCounterVariant.NO_IETF.codec(),
                ExtendedCounterVariant.FULL.codec(), ExtendedCounterVariant.ADDITIONAL.codec(),
                PerfAttributes.PORT_EXTENDED_SPEEDS_COUNTERS, PerfAttributes.PORT_EXTENDED_SPEEDS_COUNTERS_RSFEC);
    }

    @ParameterizedTest
    @MethodSource("codecs")
    <C extends Enum<C> & PerfCounter> void roundTripsRandomValues(PerfCounterCodec<C> codec) throws MadFormatException {
        Random random = new Random(42);
        for (int i = 0; i < 300; i++) {
            PerfCounters.Builder<C> builder = PerfCounters.builder(codec.type()).portSelect(random.nextInt(256));
            for (C counter : codec.counters()) {
                long value = counter.width() == 64 ? random.nextLong() : random.nextLong(counter.max() + 1);
                builder.set(counter, value);
            }
            for (C counter : codec.type().getEnumConstants()) {
                if (random.nextBoolean()) {
                    builder.select(EnumSet.of(counter));
                }
            }
            PerfCounters<C> value = builder.build();
            byte[] buf = new byte[256];
            codec.encode(value, buf, 64);
            assertEquals(value, codec.decode(buf, 64));
            byte[] again = new byte[256];
            codec.encode(codec.decode(buf, 64), again, 64);
            assertArrayEquals(buf, again);
        }
    }

    @Test
    void everyCounterHasItsExactWidthAndPlace() {
        List<Integer> widths = EnumSet.allOf(PortCounter.class).stream().map(PortCounter::width).toList();
        assertEquals(List.of(16, 8, 8, 16, 16, 16, 16, 8, 8, 4, 4, 16, 16, 32, 32, 32, 32, 32), widths);
        // Bit-exactness: each counter alone at its maximum sets exactly its own bits.
        for (PortCounter counter : PortCounter.values()) {
            byte[] buf = new byte[44];
            PerfAttributes.PORT_COUNTERS
                    .encode(PerfCounters.builder(PortCounter.class).set(counter, counter.max()).build(), buf, 0);
            int ones = 0;
            for (byte b : buf) {
                ones += Integer.bitCount(b & 0xFF);
            }
            assertEquals(counter.width(), ones, counter.label());
            assertEquals(counter.max(), Integer.toUnsignedLong(Bits.get(buf, 0, counter.bitOffset(), counter.width())),
                    counter.label());
        }
    }

    @Test
    void countersStopAtTheirMaximum() {
        PerfCounters<PortCounter> counters = PerfCounters.builder(PortCounter.class)
                .set(PortCounter.SYMBOL_ERROR_COUNTER, 65_530).add(PortCounter.SYMBOL_ERROR_COUNTER, 10)
                .add(PortCounter.LOCAL_LINK_INTEGRITY_ERRORS, 3).add(PortCounter.LOCAL_LINK_INTEGRITY_ERRORS, 30)
                .add(PortCounter.PORT_XMIT_DATA, 0xFFFF_FFFFL).add(PortCounter.PORT_XMIT_DATA, 1)
                .add(PortCounter.LINK_DOWNED_COUNTER, 1).build();
        assertEquals(65_535, counters.get(PortCounter.SYMBOL_ERROR_COUNTER));
        assertEquals(15, counters.get(PortCounter.LOCAL_LINK_INTEGRITY_ERRORS));
        assertEquals(0xFFFF_FFFFL, counters.get(PortCounter.PORT_XMIT_DATA));
        assertEquals(EnumSet.of(PortCounter.SYMBOL_ERROR_COUNTER, PortCounter.LOCAL_LINK_INTEGRITY_ERRORS,
                PortCounter.PORT_XMIT_DATA), counters.saturated());
        assertFalse(counters.isSaturated(PortCounter.LINK_DOWNED_COUNTER));

        PerfCounters<ExtendedPortCounter> wide = PerfCounters.builder(ExtendedPortCounter.class)
                .set(ExtendedPortCounter.PORT_RCV_DATA, -2L).add(ExtendedPortCounter.PORT_RCV_DATA, 5).build();
        assertTrue(wide.isSaturated(ExtendedPortCounter.PORT_RCV_DATA));
        assertEquals(Long.MAX_VALUE, wide.octets(ExtendedPortCounter.PORT_RCV_DATA));
        assertTrue(wide.toString().contains("PortRcvData 18446744073709551615"), wide.toString());
    }

    @Test
    void aSetClearsExactlyTheSelectedCounters() {
        PerfCounters<PortCounter> counters = PerfCounters.builder(PortCounter.class)
                .set(PortCounter.SYMBOL_ERROR_COUNTER, 5).set(PortCounter.PORT_XMIT_WAIT, 9)
                .set(PortCounter.PORT_RCV_PKTS, 7)
                .select(EnumSet.of(PortCounter.SYMBOL_ERROR_COUNTER, PortCounter.PORT_XMIT_WAIT)).resetSelected()
                .build();
        assertEquals(0, counters.get(PortCounter.SYMBOL_ERROR_COUNTER));
        assertEquals(0, counters.get(PortCounter.PORT_XMIT_WAIT));
        assertEquals(7, counters.get(PortCounter.PORT_RCV_PKTS));
        assertEquals(0x10001L, counters.counterSelect());
        assertEquals(EnumSet.of(PortCounter.SYMBOL_ERROR_COUNTER, PortCounter.PORT_XMIT_WAIT), counters.selected());
        assertEquals(counters, counters.toBuilder().build());
    }

    @Test
    void valuesOutsideACounterAreRefused() {
        PerfCounters.Builder<PortCounter> builder = PerfCounters.builder(PortCounter.class);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> builder.set(PortCounter.LINK_DOWNED_COUNTER, 256));
        assertTrue(e.getMessage().contains("LinkDownedCounter"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> builder.portSelect(256));
        assertThrows(IllegalArgumentException.class, () -> builder.add(PortCounter.PORT_RCV_PKTS, -1));
        PerfCounters<ExtendedPortCounter> basic = PerfCounters.builder(ExtendedPortCounter.class).build();
        assertThrows(IllegalArgumentException.class, () -> basic.get(ExtendedPortCounter.PORT_UNICAST_RCV_PKTS));
        assertTrue(basic.find(ExtendedPortCounter.PORT_UNICAST_RCV_PKTS).isEmpty());
    }

    @Test
    void anAbsentCounterIsNotAZeroOne() throws MadFormatException {
        byte[] buf = new byte[256];
        PerfCounters<ExtendedPortCounter> basic = ExtendedCounterVariant.NO_IETF.codec().decode(buf, 64);
        PerfCounters.Builder<ExtendedPortCounter> builder = PerfCounters.builder(ExtendedPortCounter.class);
        EnumSet.range(ExtendedPortCounter.PORT_XMIT_DATA, ExtendedPortCounter.PORT_RCV_PKTS)
                .forEach(counter -> builder.set(counter, 0));
        assertEquals(builder.build(), basic);
        assertEquals(builder.build().hashCode(), basic.hashCode());
        PerfCounters<ExtendedPortCounter> more = builder.set(ExtendedPortCounter.PORT_UNICAST_XMIT_PKTS, 0).build();
        assertFalse(more.equals(basic));
        assertEquals(5, more.values().size());
        assertEquals(4, basic.values().size());
        // The map is built on request from the value's own array: changing it must fail, not change the value.
        assertThrows(UnsupportedOperationException.class,
                () -> basic.values().put(ExtendedPortCounter.PORT_UNICAST_XMIT_PKTS, 1L));
        assertEquals(List.copyOf(EnumSet.range(ExtendedPortCounter.PORT_XMIT_DATA, ExtendedPortCounter.PORT_RCV_PKTS)),
                List.copyOf(basic.values().keySet()));
    }

    @Test
    void malformedMadsAreNamedCheckedErrors() {
        byte[] good = Golden.perf("portcounters-getresp.hex");
        assertProblem(Problem.TRUNCATED, new byte[100]);
        byte[] otherClass = good.clone();
        otherClass[1] = MgmtClass.SUBN_ADM;
        assertProblem(Problem.BAD_CLASS, otherClass);
        byte[] otherVersion = good.clone();
        otherVersion[2] = 2;
        assertProblem(Problem.BAD_CLASS_VERSION, otherVersion);
        byte[] otherAttribute = good.clone();
        otherAttribute[17] = 0x1D;
        assertProblem(Problem.BAD_ATTRIBUTE, otherAttribute);
        byte[] badBase = good.clone();
        badBase[0] = 9;
        assertProblem(Problem.BAD_BASE_VERSION, badBase);
        MadFormatException e = assertThrows(MadFormatException.class,
                () -> ExtendedCounterVariant.ADDITIONAL.codec().decode(new byte[256], 100));
        assertEquals(Problem.TRUNCATED, e.problem());
        assertTrue(e.getMessage().contains("PortCountersExtended"), e.getMessage());
    }

    @Test
    void requestsCarryTheRightHeader() throws MadFormatException {
        MadHeader header = MadHeader.decode(PerfMgtMad.reset(PerfAttributes.PORT_RCV_ERROR_DETAILS, 7,
                PerfCounters.ALL_PORTS, EnumSet.allOf(RcvErrorDetail.class)), 0);
        assertEquals(new MadHeader(1, MgmtClass.PERF_MGT, 1, 0x02, 0, 0, 7, 0x15, 0), header);
    }

    private static void assertProblem(Problem expected, byte[] mad) {
        MadFormatException e = assertThrows(MadFormatException.class,
                () -> PerfMgtMad.decode(mad, PerfAttributes.PORT_COUNTERS));
        assertEquals(expected, e.problem(), e.getMessage());
    }
}
