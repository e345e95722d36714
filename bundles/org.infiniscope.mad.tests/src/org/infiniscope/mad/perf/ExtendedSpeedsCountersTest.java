package org.infiniscope.mad.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;

import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.junit.jupiter.api.Test;

/** PortExtendedSpeedsCounters (0x1F) in both layouts, at the offsets libibmad's field table gives. */
class ExtendedSpeedsCountersTest {

    @Test
    void fieldsLieWhereLibibmadPutsThem() throws MadFormatException {
        byte[] mad = PerfMgtMad.get(PerfAttributes.PORT_EXTENDED_SPEEDS_COUNTERS, 5, 3);
        assertEquals(0x1F, MadHeader.decode(mad, 0).attributeId());
        int d = PerfMgtMad.DATA_OFFSET;
        Bits.put16(mad, d + 16, 7); // SyncHeaderErrorCounter
        Bits.put16(mad, d + 18, 8); // UnknownBlockCounter
        Bits.put16(mad, d + 20 + 2 * 11, 9); // ErrorDetectionCounterLane11
        Bits.put32(mad, d + 44, 100_000); // FECCorrectableBlockCtrLane0
        Bits.put32(mad, d + 136, 0xFFFF_FFFF); // FECUncorrectableBlockCtrLane11, the last field
        Bits.put32(mad, d + 8, 0x1);
        Bits.put32(mad, d + 12, 0x2);
        PerfCounters<ExtendedSpeedsCounter> c = PerfMgtMad.decode(mad, PerfAttributes.PORT_EXTENDED_SPEEDS_COUNTERS)
                .value();
        assertEquals(3, c.portSelect());
        assertEquals(0x1_0000_0002L, c.counterSelect());
        assertEquals(7, c.get(ExtendedSpeedsCounter.SYNC_HEADER_ERROR_COUNTER));
        assertEquals(8, c.get(ExtendedSpeedsCounter.UNKNOWN_BLOCK_COUNTER));
        assertEquals(9, c.get(ExtendedSpeedsCounter.errorDetection(11)));
        assertEquals(100_000, c.get(ExtendedSpeedsCounter.fecCorrectable(0)));
        assertEquals(0xFFFF_FFFFL, c.get(ExtendedSpeedsCounter.fecUncorrectable(11)));
        assertTrue(c.isSaturated(ExtendedSpeedsCounter.fecUncorrectable(11)));
        assertEquals(140, PerfAttributes.PORT_EXTENDED_SPEEDS_COUNTERS.length());
    }

    @Test
    void rsFecLayoutPutsThePortCountersAfterTheLanes() throws MadFormatException {
        PerfCounters.Builder<RsFecCounter> all = PerfCounters.builder(RsFecCounter.class).portSelect(1);
        EnumSet.allOf(RsFecCounter.class).forEach(c -> all.set(c, 0));
        PerfCounters<RsFecCounter> value = all.set(RsFecCounter.correctedSymbols(3), 12345)
                .set(RsFecCounter.PORT_FEC_CORRECTABLE_BLOCK_CTR, 11)
                .set(RsFecCounter.PORT_FEC_UNCORRECTABLE_BLOCK_CTR, 2)
                .set(RsFecCounter.PORT_FEC_CORRECTED_SYMBOL_CTR, 0xABCD_EF01L).build();
        byte[] buf = new byte[256];
        PerfAttributes.PORT_EXTENDED_SPEEDS_COUNTERS_RSFEC.encode(value, buf, 0);
        assertEquals(12345, Bits.u32(buf, 44 + 12));
        assertEquals(11, Bits.u32(buf, 140));
        assertEquals(2, Bits.u32(buf, 144));
        assertEquals(0xABCD_EF01, Bits.u32(buf, 148));
        assertEquals(value, PerfAttributes.PORT_EXTENDED_SPEEDS_COUNTERS_RSFEC.decode(buf, 0));
        assertEquals(152, PerfAttributes.PORT_EXTENDED_SPEEDS_COUNTERS_RSFEC.length());
    }

    @Test
    void aResetSelectsTheCountersIn64Bits() throws MadFormatException {
        byte[] mad = PerfMgtMad.reset(PerfAttributes.PORT_EXTENDED_SPEEDS_COUNTERS, 1, 2, EnumSet
                .of(ExtendedSpeedsCounter.SYNC_HEADER_ERROR_COUNTER, ExtendedSpeedsCounter.fecUncorrectable(11)));
        assertEquals(Method.SET, MadHeader.decode(mad, 0).method());
        assertEquals(1L << 37 | 1, Bits.u64(mad, PerfMgtMad.DATA_OFFSET + 8));
        assertEquals(
                EnumSet.of(ExtendedSpeedsCounter.SYNC_HEADER_ERROR_COUNTER, ExtendedSpeedsCounter.fecUncorrectable(11)),
                PerfMgtMad.decode(mad, PerfAttributes.PORT_EXTENDED_SPEEDS_COUNTERS).value().selected());
    }

    @Test
    void aShortAttributeIsANamedError() {
        MadFormatException e = assertThrows(MadFormatException.class,
                () -> PerfAttributes.PORT_EXTENDED_SPEEDS_COUNTERS_RSFEC.decode(new byte[256], 110));
        assertEquals(Problem.TRUNCATED, e.problem());
        assertTrue(e.getMessage().contains("RS-FEC"), e.getMessage());
        assertThrows(MadFormatException.class,
                () -> PerfAttributes.PORT_EXTENDED_SPEEDS_COUNTERS.decode(new byte[139], 0));
    }
}
