package org.infiniscope.perf.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.infiniscope.diag.counters.Thresholds;
import org.infiniscope.perf.Counter;
import org.infiniscope.perf.Metric;
import org.infiniscope.perf.PerfEvent;
import org.infiniscope.perf.PortStats;

/**
 * The rules a sweep checks every port against: ibqueryerrors' thresholds, applied to what each error counter grew
 * by in the sweep (the first sweep sees the whole value, as ibqueryerrors does), and rate rules such as
 * {@code utilisation>90} or {@code congestion>0.1}, one metric ({@link Metric}, lower case) above a number.
 *
 * @param thresholds the error counters' thresholds (0 where none is set)
 * @param rates the rate rules
 */
record Rules(Thresholds thresholds, List<RateRule> rates) {

    /** No thresholds set (every error counts) and no rate rules. */
    static final Rules NONE = new Rules(Thresholds.NONE, List.of());

    /**
     * A metric above a limit.
     *
     * @param metric the metric
     * @param limit the limit
     * @param text the rule as written
     */
    record RateRule(Metric metric, double limit, String text) {

        /** @throws IllegalArgumentException naming what is wrong with {@code text} */
        static RateRule parse(String text) {
            int gt = text.indexOf('>');
            if (gt < 0) {
                throw new IllegalArgumentException("rate rule '" + text + "': expected METRIC>NUMBER");
            }
            String name = text.substring(0, gt).trim().toUpperCase(Locale.ROOT);
            Metric metric;
            try {
                metric = Metric.valueOf(name);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "rate rule '" + text + "': no metric '" + text.substring(0, gt).trim()
                                + "' (utilisation, xmit_bytes, rcv_bytes, congestion, errors, symbol_ber, fec_ber)");
            }
            try {
                return new RateRule(metric, Double.parseDouble(text.substring(gt + 1).trim()), text.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        "rate rule '" + text + "': '" + text.substring(gt + 1).trim() + "' is no number");
            }
        }
    }

    /** The counters of {@link Thresholds#COUNTERS}, in its order. */
    private static final Counter[] ERRORS = Thresholds.COUNTERS.stream().map(Counter::ofLabel).toArray(Counter[]::new);

    public Rules {
        rates = List.copyOf(rates);
    }

    /** @return the rules the port broke in the last sweep */
    List<PerfEvent> check(PortStats port) {
        List<PerfEvent> events = new ArrayList<>(0);
        if (!port.reachable()) {
            return events;
        }
        for (int i = 0; i < ERRORS.length; i++) {
            String name = Thresholds.COUNTERS.get(i);
            long delta = port.delta(ERRORS[i]);
            if (delta == 0) {
                continue;
            }
            long limit = thresholds.of(name);
            if (delta > 0 && Long.compareUnsigned(delta, limit) > 0) {
                events.add(new PerfEvent(port.key(), port.nodeName(), name + "=" + Long.toUnsignedString(limit), delta,
                        limit));
            }
        }
        for (RateRule rule : rates) {
            double value = rule.metric().of(port);
            if (value > rule.limit()) {
                events.add(new PerfEvent(port.key(), port.nodeName(), rule.text(), value, rule.limit()));
            }
        }
        return events;
    }
}
