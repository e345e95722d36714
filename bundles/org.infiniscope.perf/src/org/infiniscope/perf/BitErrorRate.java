package org.infiniscope.perf;

/**
 * Bit-error-rate estimates of a port: errors over the bits its link carried (the active data rate times the time,
 * idle symbols included, as ibdiagnet reckons it), over the last interval between two readings and since the
 * manager first read the port. {@link Double#NaN} where not known: before a second reading, when the link's rate is
 * unknown, or (for the FEC estimates) when the port has no PortExtendedSpeedsCounters.
 *
 * @param symbol SymbolErrorCounter's growth over the bits: errors the PHY saw after any FEC
 * @param symbolSinceStart the same since the first reading
 * @param fec the FEC's work over the bits: symbols corrected (RS-FEC) or blocks corrected, plus blocks it could not
 *        correct; each stands for at least one bit in error, so this is a lower bound of the raw (pre-FEC) rate
 * @param fecSinceStart the same since the first reading
 * @param extendedSpeeds whether PortExtendedSpeedsCounters were read (the link runs FDR or faster and the PMA has
 *        them)
 * @param rsFec whether they were read in the RS-FEC layout
 */
public record BitErrorRate(double symbol, double symbolSinceStart, double fec, double fecSinceStart,
        boolean extendedSpeeds, boolean rsFec) {

    /** Nothing known. */
    public static final BitErrorRate UNKNOWN = new BitErrorRate(Double.NaN, Double.NaN, Double.NaN, Double.NaN, false,
            false);
}
