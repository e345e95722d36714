package org.infiniscope.perf.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.infiniscope.diag.counters.Thresholds;
import org.infiniscope.perf.BitErrorRate;
import org.infiniscope.perf.Counter;
import org.infiniscope.perf.Metric;
import org.infiniscope.perf.PerfEvent;
import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.junit.jupiter.api.Test;

/** ibqueryerrors' thresholds on the sweep's growth, and rate rules. */
class RulesTest {

    private static PortStats port(Map<Counter, Long> deltas, double utilisation) {
        return new PortStats(new PortKey(1, 2), "sw", true, 3, 4, 8e9, true, true, deltas, deltas, List.of(), 0, 1, 0,
                0, 0, 0, utilisation, 0, null);
    }

    @Test
    void anErrorCounterAboveItsThresholdAndARateAboveItsLimitBreakTheirRules() {
        Rules rules = new Rules(Thresholds.parse("SymbolErrorCounter=10\nPortRcvErrors=0x2\n", "t"),
                List.of(Rules.RateRule.parse("utilisation>90")));
        List<PerfEvent> events = rules.check(port(
                Map.of(Counter.SYMBOL_ERROR_COUNTER, 10L, Counter.PORT_RCV_ERRORS, 3L, Counter.LINK_DOWNED_COUNTER, 1L),
                95));
        assertEquals(List.of("PortRcvErrors=2", "LinkDownedCounter=0", "utilisation>90"),
                events.stream().map(PerfEvent::rule).sorted((a, b) -> order(a) - order(b)).toList());
    }

    private static int order(String rule) {
        return rule.startsWith("PortRcv") ? 0 : rule.startsWith("Link") ? 1 : 2;
    }

    @Test
    void aMalformedRateRuleIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Rules.RateRule.parse("heat>3"));
        assertEquals(
                "rate rule 'heat>3': no metric 'heat' (utilisation, xmit_bytes, rcv_bytes, congestion, errors, symbol_ber, fec_ber)",
                e.getMessage());
        assertEquals(Metric.CONGESTION, Rules.RateRule.parse("congestion > 0.25").metric());
    }

    @Test
    void aBitErrorRateRuleFiresOnlyWhereTheRateIsKnownAndAbove() {
        Rules rules = new Rules(Thresholds.NONE,
                List.of(Rules.RateRule.parse("symbol_ber>1e-12"), Rules.RateRule.parse("fec_ber > 1e-6")));
        PortStats bad = new PortStats(new PortKey(1, 2), "sw", true, 3, 4, 8e9, true, true, Map.of(), Map.of(),
                List.of(), 0, 1, 0, 0, 0, 0, 0, 0, null,
                new BitErrorRate(1e-10, 1e-11, Double.NaN, Double.NaN, false, false));
        assertEquals(List.of("symbol_ber>1e-12"), rules.check(bad).stream().map(PerfEvent::rule).toList());
        assertEquals(1e-10, rules.check(bad).get(0).value());
        assertEquals(List.of(), rules.check(port(Map.of(), 0)), "no rate known: no event");
    }
}
