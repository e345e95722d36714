package org.infiniscope.perf;

import java.util.function.ToDoubleFunction;

/** What a top-N list ranks ports by. */
public enum Metric {

    /** The larger of send and receive rate as a share of the link rate. */
    UTILISATION(PortStats::utilisation),
    /** Sent octets a second. */
    XMIT_BYTES(PortStats::xmitBytesPerSecond),
    /** Received octets a second. */
    RCV_BYTES(PortStats::rcvBytesPerSecond),
    /** The XmitWait congestion ratio. */
    CONGESTION(PortStats::xmitWaitRatio),
    /** Errors counted in the last sweep. */
    ERRORS(s -> s.errorDelta()),
    /** The symbol bit error rate over the last interval ({@link BitErrorRate#symbol}). */
    SYMBOL_BER(s -> s.ber().symbol()),
    /** The FEC's raw bit error rate estimate over the last interval ({@link BitErrorRate#fec}). */
    FEC_BER(s -> s.ber().fec());

    private final ToDoubleFunction<PortStats> value;

    Metric(ToDoubleFunction<PortStats> value) {
        this.value = value;
    }

    /** @return the port's value of this metric ({@link Double#NaN} when not known) */
    public double of(PortStats stats) {
        return value.applyAsDouble(stats);
    }
}
