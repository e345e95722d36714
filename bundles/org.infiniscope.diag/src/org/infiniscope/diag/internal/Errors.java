package org.infiniscope.diag.internal;

import org.infiniscope.diag.counters.Thresholds;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.infiniscope.console.json.Json;
import org.infiniscope.diag.counters.CounterQueryException;
import org.infiniscope.diag.counters.PortCounterReader;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.perf.ExtendedCounterVariant;
import org.infiniscope.mad.perf.ExtendedPortCounter;
import org.infiniscope.mad.perf.PerfCapability;
import org.infiniscope.mad.perf.PerfCounters;
import org.infiniscope.mad.perf.PortCounter;

/**
 * ibqueryerrors over a swept fabric: every node in the order libibnetdisc keeps them (the last found first), its PMA's
 * ClassPortInfo, then the error counters of all its ports at once (AllPortSelect, when the agent has it, and only when
 * that sum is above a threshold port by port), each counter above its threshold printed; with {@code -k}/{@code -K}
 * the counters are cleared after they are read; the summary at the end.
 */
final class Errors {

    /** The error counters in the order ibqueryerrors checks them, PortXmitWait last. */
    static final List<PortCounter> ERRORS = List.of(PortCounter.SYMBOL_ERROR_COUNTER,
            PortCounter.LINK_ERROR_RECOVERY_COUNTER, PortCounter.LINK_DOWNED_COUNTER, PortCounter.PORT_RCV_ERRORS,
            PortCounter.PORT_RCV_REMOTE_PHYSICAL_ERRORS, PortCounter.PORT_RCV_SWITCH_RELAY_ERRORS,
            PortCounter.PORT_XMIT_DISCARDS, PortCounter.PORT_XMIT_CONSTRAINT_ERRORS,
            PortCounter.PORT_RCV_CONSTRAINT_ERRORS, PortCounter.LOCAL_LINK_INTEGRITY_ERRORS,
            PortCounter.EXCESSIVE_BUFFER_OVERRUN_ERRORS, PortCounter.VL15_DROPPED, PortCounter.PORT_XMIT_WAIT);

    /** The names {@code -s} accepts: the fields of PortCounters, as libibmad names them. */
    static final List<String> SUPPRESSIBLE = List.of("PortSelect", "CounterSelect", "SymbolErrorCounter",
            "LinkErrorRecoveryCounter", "LinkDownedCounter", "PortRcvErrors", "PortRcvRemotePhysicalErrors",
            "PortRcvSwitchRelayErrors", "PortXmitDiscards", "PortXmitConstraintErrors", "PortRcvConstraintErrors",
            "CounterSelect2", "LocalLinkIntegrityErrors", "ExcessiveBufferOverrunErrors", "VL15Dropped", "PortXmitData",
            "PortRcvData", "PortXmitPkts", "PortRcvPkts", "PortXmitWait");

    private static final List<PortCounter> DATA = List.of(PortCounter.PORT_XMIT_DATA, PortCounter.PORT_RCV_DATA,
            PortCounter.PORT_XMIT_PKTS, PortCounter.PORT_RCV_PKTS);

    private final PortCounterReader reader;
    private final ErrorsArgs args;
    private final Thresholds thresholds;
    private final PrintWriter err;
    private final StringBuilder text = new StringBuilder();
    private LinkInfoText links;
    private final List<Map<String, Object>> badNodes = new ArrayList<>();
    private final NodeNames names;
    private int nodesChecked;
    private int badNodeCount;
    private int portsChecked;
    private int badPorts;
    private int pmaFailures;

    Errors(PortCounterReader reader, ErrorsArgs args, Thresholds thresholds, PrintWriter err) {
        this(reader, args, thresholds, err, NodeNames.DESCRIPTIONS);
    }

    /** @param names what to call each node: the {@code --node-name-map}'s names, else descriptions */
    Errors(PortCounterReader reader, ErrorsArgs args, Thresholds thresholds, PrintWriter err, NodeNames names) {
        this.names = names;
        this.reader = reader;
        this.args = args;
        this.thresholds = thresholds;
        this.err = err;
    }

    /** @return the number of ports with errors beyond threshold (ibqueryerrors' exit status is 1 when there are) */
    int run(FabricSnapshot snapshot) {
        links = new LinkInfoText(snapshot, names);
        List<DiscoveredNode> nodes = new ArrayList<>(snapshot.nodes());
        java.util.Collections.reverse(nodes); // libibnetdisc puts each node it finds at the head of its list
        for (DiscoveredNode node : nodes) {
            if (args.wants(node.type())) {
                node(node);
            }
        }
        summary();
        return badPorts;
    }

    String text() {
        return text.toString();
    }

    String json() {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put("nodes", badNodes);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("nodesChecked", nodesChecked);
        summary.put("badNodes", badNodeCount);
        summary.put("portsChecked", portsChecked);
        summary.put("badPorts", badPorts);
        summary.put("pmaQueryFailures", pmaFailures);
        summary.put("thresholds", thresholds.values());
        summary.put("suppressed", args.suppressed());
        object.put("summary", summary);
        return Json.write(object) + "\n";
    }

    /** What one node's PMA says it can do. */
    private record Capabilities(int mask, int mask2, ExtendedCounterVariant variant) {

        boolean extended() {
            return (mask & (PerfCapability.IS_EXTENDED_WIDTH_SUPPORTED
                    | PerfCapability.IS_EXTENDED_WIDTH_SUPPORTED_NO_IETF)) != 0;
        }

        boolean extendedErrors() {
            return (mask2 & PerfCapability.IS_ADDITIONAL_PORT_COUNTERS_EXTENDED_SUPPORTED) != 0;
        }

        boolean xmitWait() {
            return (mask & PerfCapability.PORT_COUNTERS_XMIT_WAIT_SUPPORTED) != 0;
        }
    }

    /** The state of one node's block of output. */
    private final class Block {
        final DiscoveredNode node;
        final String name;
        final int lid;
        final Capabilities caps;
        final List<Map<String, Object>> ports = new ArrayList<>();
        boolean headerPrinted;

        Block(DiscoveredNode node, String name, int lid, Capabilities caps) {
            this.node = node;
            this.name = name;
            this.lid = lid;
            this.caps = caps;
        }
    }

    private void node(DiscoveredNode node) {
        int start = node.isSwitch() && node.enhancedPort0() ? 0 : 1;
        String name = names.name(node.nodeGuid(), node.description());
        int first = 0;
        int lid = 0;
        if (node.isSwitch()) {
            lid = node.port(0).map(DiscoveredPort::lid).orElse(0);
        } else {
            for (DiscoveredPort p : node.ports()) {
                if (p.number() >= 1) {
                    first = p.number();
                    lid = p.lid();
                    break;
                }
            }
        }
        if (lid == 0) {
            // PerfMgt MADs are LID-routed: a node no SM gave a LID has no PMA to ask
            nodesChecked++;
            warn("no LID on " + name + " (no SM has configured it): its counters cannot be read");
            return;
        }
        Capabilities caps = new Capabilities(0, 0, null);
        boolean allPorts = false;
        try {
            ClassPortInfo info = reader.classPortInfo(lid, first);
            caps = new Capabilities(info.capabilityMask(), info.capabilityMask2(),
                    PerfCapability.extendedVariant(info));
            allPorts = (caps.mask() & PerfCapability.ALL_PORT_SELECT) != 0;
        } catch (CounterQueryException e) {
            warn("classportinfo query failed on " + name + ", Lid " + lid + " port " + first + ": " + e.getMessage());
        }
        Block block = new Block(node, name, lid, caps);
        if (args.countersOnly()) {
            for (DiscoveredPort p : ports(node, start)) {
                dataCounters(block, p.number());
                portsChecked++;
                if (!allPorts) {
                    clear(block, p.number());
                }
            }
        } else {
            boolean perPort = true;
            if (allPorts && errors(block, PerfCounters.ALL_PORTS) == 0) {
                portsChecked += node.portCount();
                perPort = false;
            }
            if (perPort) {
                for (DiscoveredPort p : ports(node, start)) {
                    errors(block, p.number());
                    portsChecked++;
                    if (!allPorts) {
                        clear(block, p.number());
                    }
                }
            }
        }
        nodesChecked++;
        if (allPorts) {
            clear(block, PerfCounters.ALL_PORTS);
        }
        if (!block.ports.isEmpty()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("nodeGuid", String.format("0x%016x", node.nodeGuid()));
            entry.put("name", name);
            entry.put("type", node.isSwitch() ? "switch" : node.type() == DiscoveredNode.CA ? "ca" : "router");
            entry.put("lid", lid);
            entry.put("ports", block.ports);
            badNodes.add(entry);
        }
    }

    private static List<DiscoveredPort> ports(DiscoveredNode node, int start) {
        return node.ports().stream().filter(p -> p.number() >= start && p.number() <= node.portCount()).toList();
    }

    /** ibqueryerrors' {@code print_errors}: the length of what it found above threshold, 0 when nothing. */
    private int errors(Block block, int port) {
        PerfCounters<PortCounter> pc;
        PerfCounters<ExtendedPortCounter> pce = null;
        try {
            pc = reader.portCounters(block.lid, port);
        } catch (CounterQueryException e) {
            warn("IB_GSI_PORT_COUNTERS query failed on " + block.name + ", Lid " + block.lid + " port " + port + ": "
                    + e.getMessage());
            return 0;
        }
        if (block.caps.extended() && block.caps.variant() != null) {
            try {
                pce = reader.portCountersExtended(block.lid, port, block.caps.variant());
            } catch (CounterQueryException e) {
                warn("IB_GSI_PORT_COUNTERS_EXT query failed on " + block.name + ", Lid " + block.lid + " port " + port
                        + ": " + e.getMessage());
                return 0;
            }
        }
        StringBuilder found = new StringBuilder();
        Map<String, Object> counters = new LinkedHashMap<>();
        for (PortCounter counter : ERRORS) {
            if (args.suppressed().contains(counter.label())) {
                continue;
            }
            if (counter == PortCounter.PORT_XMIT_WAIT && !block.caps.xmitWait() && !block.caps.extendedErrors()) {
                continue; // not implemented by the agent: ibqueryerrors reads it as 0
            }
            long threshold = thresholds.of(counter.label());
            if (block.caps.extendedErrors()) {
                long value = pce == null ? 0 : extended(pce, counter);
                if (Long.compareUnsigned(value, threshold) > 0) {
                    found.append(" [").append(counter.label()).append(" == ").append(Long.toUnsignedString(value))
                            .append(' ').append(human(value, false)).append(']');
                    counters.put(counter.label(), value);
                }
            } else {
                long value = pc.find(counter).orElse(0);
                if (value > threshold) {
                    found.append(" [").append(counter.label()).append(" == ").append(value).append(']');
                    counters.put(counter.label(), value);
                }
            }
        }
        if (found.isEmpty()) {
            return 0;
        }
        int length = found.length();
        if (args.data()) {
            Map<String, Object> data = new LinkedHashMap<>();
            if (pce != null) {
                for (ExtendedPortCounter c : extendedData(block.caps)) {
                    long value = pce.find(c).orElse(0);
                    if (value != 0) {
                        found.append(" [").append(c.label()).append(" == ").append(Long.toUnsignedString(value))
                                .append(' ').append(human(value, isBytes(c.label()))).append(']');
                        data.put(c.label(), value);
                    }
                }
            } else {
                for (PortCounter c : DATA) {
                    long value = pc.find(c).orElse(0);
                    if (value != 0) {
                        found.append(" [").append(c.label()).append(" == ").append(value).append(' ')
                                .append(human(value, isBytes(c.label()))).append(']');
                        data.put(c.label(), value);
                    }
                }
            }
            counters.put("data", data);
        }
        header(block, "Errors for ");
        Map<String, Object> entry = new LinkedHashMap<>();
        if (port == PerfCounters.ALL_PORTS) {
            if (block.node.isSwitch()) {
                text.append(String.format("   GUID 0x%x port ALL:%s%n", portGuid(block.node, 0), found));
            }
            entry.put("port", "ALL");
        } else {
            text.append(String.format("   GUID 0x%x port %d:%s%n", portGuid(block.node, port), port, found));
            if (args.reportPort()) {
                text.append(links.line(block.node, port));
            }
            badPorts++;
            entry.put("port", port);
            entry.put("portGuid", String.format("0x%016x", portGuid(block.node, port)));
        }
        entry.put("counters", counters);
        block.ports.add(entry);
        return length;
    }

    /** ibqueryerrors' {@code print_data_cnts} ({@code --counters}). */
    private void dataCounters(Block block, int port) {
        StringBuilder line = new StringBuilder();
        Map<String, Object> data = new LinkedHashMap<>();
        try {
            if (block.caps.extended() && block.caps.variant() != null) {
                PerfCounters<ExtendedPortCounter> pce = reader.portCountersExtended(block.lid, port,
                        block.caps.variant());
                for (ExtendedPortCounter c : extendedData(block.caps)) {
                    long value = pce.find(c).orElse(0);
                    line.append(" [").append(c.label()).append(" == ").append(Long.toUnsignedString(value)).append(' ')
                            .append(human(value, isBytes(c.label()))).append(']');
                    data.put(c.label(), value);
                }
            } else {
                PerfCounters<PortCounter> pc = reader.portCounters(block.lid, port);
                for (PortCounter c : DATA) {
                    long value = pc.find(c).orElse(0);
                    line.append(" [").append(c.label()).append(" == ").append(value).append(' ')
                            .append(human(value, isBytes(c.label()))).append(']');
                    data.put(c.label(), value);
                }
            }
        } catch (CounterQueryException e) {
            warn("IB_GSI_PORT_COUNTERS query failed on " + block.name + ", Lid " + block.lid + " port " + port + ": "
                    + e.getMessage());
            return;
        }
        if (!block.headerPrinted) {
            text.append(String.format("Data Counters for 0x%x \"%s\"%n", block.node.nodeGuid(), block.name));
            block.headerPrinted = true;
        }
        text.append(String.format("   GUID 0x%x port %s:%s%n", block.node.nodeGuid(),
                port == PerfCounters.ALL_PORTS ? "ALL" : Integer.toString(port), line));
        if (port != PerfCounters.ALL_PORTS && args.reportPort()) {
            text.append(links.line(block.node, port));
        }
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("port", port);
        entry.put("counters", data);
        block.ports.add(entry);
    }

    private void header(Block block, String what) {
        if (block.headerPrinted) {
            return;
        }
        if (block.node.isSwitch()) {
            text.append(String.format("%s0x%x \"%s\"%n", what, portGuid(block.node, 0), block.name));
        } else {
            text.append(what).append('"').append(block.name).append("\"\n");
        }
        block.headerPrinted = true;
        badNodeCount++;
    }

    /** ibqueryerrors' {@code clear_port}: only the counters {@code -k} and {@code -K} ask for. */
    private void clear(Block block, int port) {
        Capabilities caps = block.caps;
        long mask = 0;
        if (args.clearErrors()) {
            mask |= 0xFFF;
            if (caps.xmitWait()) {
                mask |= 0x10000;
            }
        }
        if (args.clearCounts()) {
            mask |= 0xF000;
        }
        if (mask != 0) {
            try {
                reader.resetPortCounters(block.lid, port, mask);
            } catch (CounterQueryException e) {
                err.println("Failed to reset errors " + block.name + " port " + port + ": " + e.getMessage());
            }
        }
        if (caps.extended()) {
            mask = 0;
            if (args.clearCounts()) {
                mask = (caps.mask() & PerfCapability.IS_EXTENDED_WIDTH_SUPPORTED) != 0 ? 0xFF : 0x0F;
            }
            if (args.clearErrors() && caps.extendedErrors()) {
                mask |= 0xFFF0000;
                if (caps.xmitWait()) {
                    mask |= 1 << 28;
                }
            }
            if (mask != 0) {
                try {
                    reader.resetPortCountersExtended(block.lid, port, mask);
                } catch (CounterQueryException e) {
                    err.println("Failed to reset extended data counters " + block.name + ", Lid " + block.lid + " port "
                            + port + ": " + e.getMessage());
                }
            }
        }
    }

    private void summary() {
        text.append('\n');
        text.append(String.format("## Summary: %d nodes checked, %d bad nodes found%n", nodesChecked, badNodeCount));
        text.append(String.format("##          %d ports checked, %d ports have errors beyond threshold%n", portsChecked,
                badPorts));
        text.append("## ").append(thresholds.text()).append('\n');
        if (pmaFailures != 0) {
            text.append(String.format("##          %d PMA query failures%n", pmaFailures));
        }
        text.append("## Suppressed:");
        args.suppressed().forEach(s -> text.append(' ').append(s));
        text.append('\n');
    }

    private void warn(String message) {
        pmaFailures++;
        err.println("infiniscope errors: " + message);
    }

    private static List<ExtendedPortCounter> extendedData(Capabilities caps) {
        List<ExtendedPortCounter> data = new ArrayList<>(
                List.of(ExtendedPortCounter.PORT_XMIT_DATA, ExtendedPortCounter.PORT_RCV_DATA,
                        ExtendedPortCounter.PORT_XMIT_PKTS, ExtendedPortCounter.PORT_RCV_PKTS));
        if ((caps.mask() & PerfCapability.IS_EXTENDED_WIDTH_SUPPORTED) != 0) {
            data.addAll(List.of(ExtendedPortCounter.PORT_UNICAST_XMIT_PKTS, ExtendedPortCounter.PORT_UNICAST_RCV_PKTS,
                    ExtendedPortCounter.PORT_MULTICAST_XMIT_PKTS, ExtendedPortCounter.PORT_MULTICAST_RCV_PKTS));
        }
        return data;
    }

    private static long extended(PerfCounters<ExtendedPortCounter> pce, PortCounter counter) {
        return pce.find(ExtendedPortCounter.valueOf(counter.name())).orElse(0);
    }

    private static boolean isBytes(String name) {
        return name.equals("PortXmitData") || name.equals("PortRcvData");
    }

    private static long portGuid(DiscoveredNode node, int port) {
        return node.port(port).map(DiscoveredPort::portGuid).orElse(node.nodeGuid());
    }

    /**
     * The tools' {@code conv_cnt_human_readable} in ibqueryerrors' {@code (%5.3f%s)}: the value in powers of 1024, a
     * data counter (which counts 4-byte words) in bytes; single precision, as the tools compute it.
     */
    static String human(long value, boolean data) {
        long rest = Long.divideUnsigned(value, 1024);
        int unit = 0;
        long div = 1;
        while (rest != 0) {
            unit++;
            rest = Long.divideUnsigned(rest, 1024);
            div *= 1024;
        }
        float v = unsignedToFloat(value);
        if (data) {
            v *= 4;
            if (v / div > 1024) {
                unit++;
                div *= 1024;
            }
        }
        v /= div;
        String[] units = data
                ? new String[]{"B", "KB", "MB", "GB", "TB", "PB", "EB"}
                : new String[]{"", "K", "M", "G", "T", "P", "E"};
        return String.format(Locale.ROOT, "(%5.3f%s)", (double) v, unit < units.length ? units[unit] : "");
    }

    private static float unsignedToFloat(long value) {
        return value >= 0 ? (float) value : (float) ((value >>> 1) * 2.0);
    }
}
