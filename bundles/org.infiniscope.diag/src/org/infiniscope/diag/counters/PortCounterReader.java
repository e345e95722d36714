package org.infiniscope.diag.counters;

import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.perf.ExtendedCounterVariant;
import org.infiniscope.mad.perf.ExtendedPortCounter;
import org.infiniscope.mad.perf.PerfAttributes;
import org.infiniscope.mad.perf.PerfCounter;
import org.infiniscope.mad.perf.PerfCounterCodec;
import org.infiniscope.mad.perf.PerfCounters;
import org.infiniscope.mad.perf.PortCounter;
import org.osgi.annotation.versioning.ProviderType;

/**
 * PerfMgt queries to the PMA of one LID, over a MAD transport the caller owns. Every call sends one MAD (with the
 * transport's retries) and waits for its answer. A port number of {@link PerfCounters#ALL_PORTS} is
 * AllPortSelect: ask {@link #classPortInfo} first whether the agent supports it.
 */
@ProviderType
public interface PortCounterReader {

    /** @return the PMA's ClassPortInfo: its CapabilityMask says which attributes and layouts the agent has */
    ClassPortInfo classPortInfo(int lid, int port) throws CounterQueryException;

    /** @return PortCounters of a port, or of all ports summed by the agent with {@link PerfCounters#ALL_PORTS} */
    PerfCounters<PortCounter> portCounters(int lid, int port) throws CounterQueryException;

    /**
     * @param variant the layout the agent answers with, from its ClassPortInfo
     *        ({@link org.infiniscope.mad.perf.PerfCapability#extendedVariant})
     * @return PortCountersExtended of a port
     */
    PerfCounters<ExtendedPortCounter> portCountersExtended(int lid, int port, ExtendedCounterVariant variant)
            throws CounterQueryException;

    /**
     * Clears the PortCounters counters whose bits are set in {@code select} (CounterSelect in bits 0–15,
     * CounterSelect2 above, as {@link PerfCounters#counterSelect()}).
     */
    void resetPortCounters(int lid, int port, long select) throws CounterQueryException;

    /** Clears the PortCountersExtended counters whose bits are set in {@code select}. */
    void resetPortCountersExtended(int lid, int port, long select) throws CounterQueryException;

    /**
     * Reads PortExtendedSpeedsCounters of a port whose link runs an extended speed (FDR and faster). A PMA without
     * them answers with an error status, thrown as a {@link CounterQueryException}.
     *
     * @param codec the layout the port answers with: {@link PerfAttributes#PORT_EXTENDED_SPEEDS_COUNTERS}, or
     *        {@link PerfAttributes#PORT_EXTENDED_SPEEDS_COUNTERS_RSFEC} when RS-FEC is active on the link
     */
    default <C extends Enum<C> & PerfCounter> PerfCounters<C> extendedSpeedsCounters(int lid, int port,
            PerfCounterCodec<C> codec) throws CounterQueryException {
        throw new CounterQueryException(codec.name() + ": not read by this reader");
    }

    /** Clears the PortExtendedSpeedsCounters counters whose bits are set in the 64-bit {@code select}. */
    default void resetExtendedSpeedsCounters(int lid, int port, long select) throws CounterQueryException {
        throw new CounterQueryException("PortExtendedSpeedsCounters: not reset by this reader");
    }
}
