package org.infiniscope.ui.counters.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.infiniscope.perf.Counter;
import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.infiniscope.ui.fabric.FabricRef;
import org.junit.jupiter.api.Test;

class FabricHealthTest {

    private static final PortKey HOST = new PortKey(0x10, 1);
    private static final PortKey LEAF = new PortKey(0x20, 3);
    private static final PortKey LEAF_UP = new PortKey(0x20, 9);
    private static final PortKey SPINE = new PortKey(0x30, 1);

    private static PortStats port(PortKey key, String name, PortKey peer, boolean reachable, Map<Counter, Long> deltas,
            double xmitWait) {
        return new PortStats(key, name, key.nodeGuid() != 0x10, key.nodeGuid(), 1, 100e9, reachable, true, Map.of(),
                deltas, List.of(), 0, 1, 0, 0, 0, 0, 0, xmitWait, peer);
    }

    private static Map<PortKey, PortStats> fabric(PortStats... ports) {
        Map<PortKey, PortStats> map = new TreeMap<>();
        for (PortStats p : ports) {
            map.put(p.key(), p);
        }
        return map;
    }

    @Test
    void aHealthyFabricHasNothingToShow() {
        FabricHealth.Summary s = new FabricHealth()
                .update(fabric(port(HOST, "h1", LEAF, true, Map.of(), 0), port(LEAF, "leaf", HOST, true, Map.of(), 0)));
        assertTrue(s.healthy());
        assertEquals(2, s.ports());
        assertEquals(1, s.links());
    }

    @Test
    void portsThatCountedErrorsInTheSweepAreListedWorstFirst() {
        Map<Counter, Long> few = new EnumMap<>(Counter.class);
        few.put(Counter.SYMBOL_ERROR_COUNTER, 2L);
        few.put(Counter.PORT_XMIT_DATA, 1_000L); // not an error
        Map<Counter, Long> many = Map.of(Counter.PORT_RCV_ERRORS, 7L, Counter.LINK_DOWNED_COUNTER, 1L);
        FabricHealth.Summary s = new FabricHealth().update(fabric(port(HOST, "h1", LEAF, true, few, 0),
                port(LEAF, "leaf", HOST, true, many, 0), port(SPINE, "spine", null, true, Map.of(), 0)));
        List<FabricHealth.Item> errors = s.items().get(FabricHealth.Kind.ERRORS);
        assertEquals(List.of("leaf [3]", "h1 [1]"), errors.stream().map(FabricHealth.Item::where).toList());
        assertEquals("LinkDownedCounter +1, PortRcvErrors +7", errors.get(0).what());
        assertEquals("SymbolErrorCounter +2", errors.get(1).what());
        assertEquals(new FabricRef.PortRef(0x20, 3), errors.get(0).ref());
    }

    @Test
    void aLinkWhoseEndsBothWaitIsOneCongestedLink() {
        FabricHealth.Summary s = new FabricHealth().update(fabric(port(LEAF_UP, "leaf", SPINE, true, Map.of(), 0.2),
                port(SPINE, "spine", LEAF_UP, true, Map.of(), 0.06), port(HOST, "h1", LEAF, true, Map.of(), 0.01),
                port(LEAF, "leaf", HOST, true, Map.of(), 0)));
        List<FabricHealth.Item> congested = s.items().get(FabricHealth.Kind.CONGESTED);
        assertEquals(1, congested.size(), congested.toString());
        assertEquals(new FabricRef.LinkRef(new FabricRef.PortRef(0x30, 1), new FabricRef.PortRef(0x20, 9)),
                congested.get(0).ref());
        assertEquals("waited 20.0 % of the time", congested.get(0).what());
    }

    @Test
    void aLinkSeenUpWhoseEndsAreBothGoneIsDownUntilItComesBack() {
        FabricHealth health = new FabricHealth();
        PortStats host = port(HOST, "h1", LEAF, true, Map.of(), 0);
        PortStats leaf = port(LEAF, "leaf", HOST, true, Map.of(), 0);
        PortStats up = port(LEAF_UP, "leaf", SPINE, true, Map.of(), 0);
        PortStats spine = port(SPINE, "spine", LEAF_UP, true, Map.of(), 0);
        health.update(fabric(host, leaf, up, spine));

        FabricHealth.Summary s = health.update(fabric(up, spine));
        List<FabricHealth.Item> down = s.items().get(FabricHealth.Kind.DOWN);
        assertEquals(List.of("h1 [1] \u2014 leaf [3]"), down.stream().map(FabricHealth.Item::where).toList());
        assertEquals(new FabricRef.LinkRef(new FabricRef.PortRef(0x10, 1), new FabricRef.PortRef(0x20, 3)),
                down.get(0).ref());
        // one end still swept: that is not a down link
        assertEquals(0, health.update(fabric(up, spine, leaf)).count(FabricHealth.Kind.DOWN));
        assertTrue(health.update(fabric(host, leaf, up, spine)).healthy());
        health.reset();
        assertEquals(0, health.update(fabric(up, spine)).count(FabricHealth.Kind.DOWN));
    }

    @Test
    void aPortWhosePmaDidNotAnswerIsListedAndNotCountedOtherwise() {
        Map<Counter, Long> errors = Map.of(Counter.SYMBOL_ERROR_COUNTER, 5L);
        FabricHealth.Summary s = new FabricHealth().update(
                fabric(port(HOST, "h1", LEAF, false, errors, 0.5), port(LEAF, "leaf", HOST, true, Map.of(), 0)));
        assertEquals(1, s.count(FabricHealth.Kind.UNREACHABLE));
        assertEquals(0, s.count(FabricHealth.Kind.ERRORS));
        assertEquals(0, s.count(FabricHealth.Kind.CONGESTED));
    }
}
