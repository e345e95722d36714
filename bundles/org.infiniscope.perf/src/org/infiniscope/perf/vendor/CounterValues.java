package org.infiniscope.perf.vendor;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.infiniscope.perf.PortKey;

/**
 * What one counter set read on one port in the last sweep.
 *
 * @param set the set's {@link CounterSet#name()}
 * @param bundle the symbolic name of the vendor bundle that registered it
 * @param port the port
 * @param nodeName the node's description
 * @param values the counters by name, in the set's order
 */
public record CounterValues(String set, String bundle, PortKey port, String nodeName, Map<String, Long> values) {

    /** Copies the values, keeping their order. */
    public CounterValues {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }
}
