package org.infiniscope.ui.counters.internal;

import java.util.List;

import org.infiniscope.perf.Sample;

/**
 * A port's history turned into what the charts draw: for each interval between two readings, its end time (seconds
 * before {@code now}, so negative) and the rates over it. An interval whose totals went backwards (the manager's
 * totals never do, but a cleared manager starts again) is left out.
 *
 * @param seconds each interval's end, seconds relative to now
 * @param xmitBytes sent octets a second
 * @param rcvBytes received octets a second
 * @param xmitPackets sent packets a second
 * @param rcvPackets received packets a second
 * @param errors errors counted in the interval, all error counters together
 */
record RateSeries(double[] seconds, double[] xmitBytes, double[] rcvBytes, double[] xmitPackets, double[] rcvPackets,
        double[] errors) {

    /** @return the rates of a history (oldest first), relative to {@code nowMillis} */
    static RateSeries of(List<Sample> history, long nowMillis) {
        int n = Math.max(0, history.size() - 1);
        double[] t = new double[n];
        double[] xb = new double[n];
        double[] rb = new double[n];
        double[] xp = new double[n];
        double[] rp = new double[n];
        double[] err = new double[n];
        int k = 0;
        for (int i = 1; i < history.size(); i++) {
            Sample a = history.get(i - 1);
            Sample b = history.get(i);
            double dt = (b.epochMillis() - a.epochMillis()) / 1000.0;
            if (dt <= 0 || b.xmitBytes() < a.xmitBytes() || b.rcvBytes() < a.rcvBytes() || b.errors() < a.errors()) {
                continue;
            }
            t[k] = (b.epochMillis() - nowMillis) / 1000.0;
            xb[k] = (b.xmitBytes() - a.xmitBytes()) / dt;
            rb[k] = (b.rcvBytes() - a.rcvBytes()) / dt;
            xp[k] = Math.max(0, b.xmitPackets() - a.xmitPackets()) / dt;
            rp[k] = Math.max(0, b.rcvPackets() - a.rcvPackets()) / dt;
            err[k] = b.errors() - a.errors();
            k++;
        }
        return new RateSeries(java.util.Arrays.copyOf(t, k), java.util.Arrays.copyOf(xb, k),
                java.util.Arrays.copyOf(rb, k), java.util.Arrays.copyOf(xp, k), java.util.Arrays.copyOf(rp, k),
                java.util.Arrays.copyOf(err, k));
    }

    /** @return how many intervals */
    int size() {
        return seconds.length;
    }
}
