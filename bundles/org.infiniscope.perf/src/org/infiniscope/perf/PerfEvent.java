package org.infiniscope.perf;

/**
 * A port broke a rule in a sweep.
 *
 * @param port the port
 * @param nodeName its node's description
 * @param rule the rule, as written ({@code PortRcvErrors=10}, {@code utilisation>90})
 * @param value what the port had (a counter's growth in the sweep, or a rate)
 * @param limit the rule's limit
 */
public record PerfEvent(PortKey port, String nodeName, String rule, double value, double limit) {
}
