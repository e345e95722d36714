package org.infiniscope.diag.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.infiniscope.mad.umad.UmadCa;
import org.infiniscope.mad.umad.UmadPort;

/** A channel adapter and its ports as infiniband-diags 44's {@code ibstat} prints them, and as JSON. */
final class StatFormat {

    private static final String[] NODE_TYPES = {"???", "CA", "Switch", "Router", "iWARP RNIC"};
    private static final String[] STATES = {"???", "Down", "Initializing", "Armed", "Active"};
    private static final String[] PHYSICAL_STATES = {"No state change", "Sleep", "Polling", "Disabled",
            "PortConfigurationTraining", "LinkUp", "LinkErrorRecovery", "PhyTest"};

    private StatFormat() {
    }

    /** @return ibstat's node type word: CA, Switch, Router, iWARP RNIC, or ??? */
    static String nodeType(int type) {
        return type >= 0 && type < NODE_TYPES.length ? NODE_TYPES[type] : "???";
    }

    /**
     * @param noPorts {@code -s}: the CA's lines alone
     * @return ibstat's block of a CA; nothing for a CA of node type 0, which ibstat skips
     */
    static String ca(UmadCa ca, boolean noPorts) {
        if (ca.nodeType() == 0) {
            return "";
        }
        String type = nodeType(ca.nodeType());
        StringBuilder text = new StringBuilder();
        text.append(type).append(" '").append(ca.name()).append("'\n");
        text.append('\t').append(type).append(" type: ").append(ca.caType()).append('\n');
        text.append("\tNumber of ports: ").append(ca.numPorts()).append('\n');
        text.append("\tFirmware version: ").append(ca.firmwareVersion()).append('\n');
        text.append("\tHardware version: ").append(ca.hardwareVersion()).append('\n');
        text.append("\tNode GUID: ").append(guid(ca.nodeGuid())).append('\n');
        text.append("\tSystem image GUID: ").append(guid(ca.systemImageGuid())).append('\n');
        if (!noPorts) {
            ca.ports().forEach(port -> text.append(port(port, false)));
        }
        return text.toString();
    }

    /** @return ibstat's {@code CA PORT} output: the CA's name line, then the port unindented */
    static String alonePort(UmadCa ca, UmadPort port) {
        return nodeType(ca.nodeType()) + ": '" + ca.name() + "'\n" + port(port, true);
    }

    /** @param alone whether the port prints on its own ({@code CA PORT}), without indentation */
    static String port(UmadPort p, boolean alone) {
        String pre = alone ? "" : "\t\t";
        String header = alone ? "" : "\t";
        String rate = p.rate() == 2 ? "2.5" : Integer.toString(p.rate()); // 1X SDR: libibumad keeps the 2 of 2.5
        return header + "Port " + p.portNumber() + ":\n" + pre + "State: "
                + (p.state() >= 0 && p.state() < STATES.length ? STATES[p.state()] : "???") + "\n" + pre
                + "Physical state: "
                + (p.physicalState() >= 0 && p.physicalState() < PHYSICAL_STATES.length
                        ? PHYSICAL_STATES[p.physicalState()]
                        : "???")
                + "\n" + pre + "Rate: " + rate + "\n" + pre + "Base lid: " + p.baseLid() + "\n" + pre + "LMC: "
                + p.lmc() + "\n" + pre + "SM lid: " + p.smLid() + "\n" + pre + "Capability mask: "
                + String.format(Locale.ROOT, "0x%08x", p.capabilityMask()) + "\n" + pre + "Port GUID: "
                + guid(p.portGuid()) + "\n" + pre + "Link layer: " + p.linkLayer() + "\n";
    }

    /** @return ibstat {@code -p}'s lines: the GUIDs of the CA's ports, those of zero left out */
    static String portGuids(UmadCa ca) {
        StringBuilder text = new StringBuilder();
        ca.ports().stream().filter(p -> p.portGuid() != 0).forEach(p -> text.append(guid(p.portGuid())).append('\n'));
        return text.toString();
    }

    /** @return the CA as a JSON object */
    static Map<String, Object> json(UmadCa ca, List<UmadPort> ports) {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put("name", ca.name());
        object.put("nodeType", nodeType(ca.nodeType()));
        object.put("caType", ca.caType());
        object.put("numPorts", ca.numPorts());
        object.put("firmwareVersion", ca.firmwareVersion());
        object.put("hardwareVersion", ca.hardwareVersion());
        object.put("nodeGuid", guid(ca.nodeGuid()));
        object.put("systemImageGuid", guid(ca.systemImageGuid()));
        object.put("ports", ports.stream().map(StatFormat::json).toList());
        return object;
    }

    private static Map<String, Object> json(UmadPort p) {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put("port", p.portNumber());
        object.put("state", p.state() >= 0 && p.state() < STATES.length ? STATES[p.state()] : "???");
        object.put("physicalState",
                p.physicalState() >= 0 && p.physicalState() < PHYSICAL_STATES.length
                        ? PHYSICAL_STATES[p.physicalState()]
                        : "???");
        object.put("rate", p.rate() == 2 ? 2.5 : p.rate());
        object.put("baseLid", p.baseLid());
        object.put("lmc", p.lmc());
        object.put("smLid", p.smLid());
        object.put("smSl", p.smSl());
        object.put("capabilityMask", String.format(Locale.ROOT, "0x%08x", p.capabilityMask()));
        object.put("gidPrefix", guid(p.gidPrefix()));
        object.put("portGuid", guid(p.portGuid()));
        object.put("linkLayer", p.linkLayer());
        return object;
    }

    private static String guid(long value) {
        return String.format(Locale.ROOT, "0x%016x", value);
    }
}
