package org.infiniscope.mad.perf;

import java.util.EnumSet;

import org.infiniscope.mad.perf.PerfCounterCodec.SelectField;

/**
 * The three layouts of PortCountersExtended (0x1D). Which one a port answers with follows from its PerfMgt
 * ClassPortInfo: {@link PerfCapability#extendedVariant}.
 */
public enum ExtendedCounterVariant {

    /**
     * {@link PerfCapability#IS_EXTENDED_WIDTH_SUPPORTED_NO_IETF}: only the four data and packet counters; the
     * unicast and multicast fields are reserved.
     */
    NO_IETF(40, EnumSet.range(ExtendedPortCounter.PORT_XMIT_DATA, ExtendedPortCounter.PORT_RCV_PKTS)),
    /** {@link PerfCapability#IS_EXTENDED_WIDTH_SUPPORTED}: data, packet, unicast and multicast counters. */
    FULL(72, EnumSet.range(ExtendedPortCounter.PORT_XMIT_DATA, ExtendedPortCounter.PORT_MULTICAST_RCV_PKTS)),
    /**
     * {@link PerfCapability#IS_ADDITIONAL_PORT_COUNTERS_EXTENDED_SUPPORTED} as well: the error counters of
     * PortCounters, widened to 64 bits, follow.
     */
    ADDITIONAL(184, EnumSet.allOf(ExtendedPortCounter.class));

    private final PerfCounterCodec<ExtendedPortCounter> codec;

    ExtendedCounterVariant(int length, EnumSet<ExtendedPortCounter> counters) {
        // CounterSelect (bits 16–31) selects the first eight, CounterSelect2 (bits 32–63) the additional ones.
        this.codec = new PerfCounterCodec<>(PerfAttributes.PORT_COUNTERS_EXTENDED_ID, "PortCountersExtended", length,
                ExtendedPortCounter.class, counters, new SelectField(16, 16, 0), new SelectField(32, 32, 16));
    }

    /** @return the codec of this layout */
    public PerfCounterCodec<ExtendedPortCounter> codec() {
        return codec;
    }
}
