package org.infiniscope.diag.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.infiniscope.mad.smp.GuidInfo;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PKeyTable;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.Sl2VlTable;
import org.infiniscope.mad.smp.SwitchInfo;
import org.infiniscope.mad.smp.VlArbitrationTable;

/**
 * The table operations of {@code smpquery}: P_Key table, SL-to-VL tables, VL arbitration and GUIDInfo, read
 * block by block with the same Gets as the tool (NodeInfo, SwitchInfo or PortInfo first, for the capacities).
 */
final class SmpTables {

    private SmpTables() {
    }

    /** {@code pkeys}: the P_Keys of a port, eight to a line, then the capacity. */
    static Result pKeys(SmpQuery.Gets gets, int port) throws QueryException {
        NodeInfo node = gets.get(SmpOp.PKEY_TABLE, NodeInfo.CODEC, 0, "node info");
        if (port > node.numPorts()) {
            throw new QueryException("invalid port number");
        }
        int capacity = node.nodeType() == NodeInfo.TYPE_SWITCH && port != 0
                ? gets.get(SmpOp.PKEY_TABLE, SwitchInfo.CODEC, 0, "switch info").partitionEnforcementCap()
                : node.partitionCap();
        List<Integer> keys = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        int blocks = (capacity + 31) / 32;
        for (int block = 0; block < blocks; block++) {
            List<Integer> entries = gets.get(SmpOp.PKEY_TABLE, PKeyTable.CODEC, PKeyTable.modifier(block, port), null)
                    .pKeys();
            // the last block is shown up to the line that holds the last entry of the capacity
            int shown = block + 1 == blocks ? (capacity + 7 - block * 32) / 8 * 8 : 32;
            for (int line = 0; line < shown; line += 8) {
                text.append(String.format("%4d:", block * 32 + line));
                for (int i = line; i < line + 8; i++) {
                    text.append(String.format(" 0x%04x", entries.get(i)));
                    keys.add(entries.get(i));
                }
                text.append('\n');
            }
        }
        text.append(capacity).append(" pkeys capacity for this port\n");
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("capacity", capacity);
        json.put("pkeys", keys.stream().map(k -> String.format("0x%04x", k)).toList());
        return new Result(text.toString(), json);
    }

    /** {@code sl2vl}: a CA's table, or a switch's table from every input port to one output port. */
    static Result sl2vl(SmpQuery.Gets gets, Destination to, int port) throws QueryException {
        NodeInfo node = gets.get(SmpOp.SL2VL_TABLE, NodeInfo.CODEC, 0, "node info");
        if (port > node.numPorts()) {
            throw new QueryException("invalid port number");
        }
        StringBuilder text = new StringBuilder("# SL2VL table: " + to.describe() + "\n#                 SL: |");
        for (int sl = 0; sl < Sl2VlTable.SLS; sl++) {
            text.append(String.format("%2d|", sl));
        }
        text.append('\n');
        boolean isSwitch = node.nodeType() == NodeInfo.TYPE_SWITCH;
        Map<String, Object> json = new LinkedHashMap<>();
        for (int in = 0; in <= (isSwitch ? node.numPorts() : 0); in++) {
            int out = isSwitch ? port : 0;
            Sl2VlTable table = gets.get(SmpOp.SL2VL_TABLE, Sl2VlTable.CODEC, in << 8 | out, null);
            text.append(String.format("ports: in %2d, out %2d: |", in, out));
            for (int sl = 0; sl < Sl2VlTable.SLS; sl++) {
                text.append(String.format("%2d|", table.vlOf(sl)));
            }
            text.append('\n');
            json.put("in " + in + " out " + out, table.vls());
        }
        return new Result(text.toString(), json);
    }

    /** {@code vlarb}: the low and high priority tables of a port, as far as its capabilities go. */
    static Result vlArbitration(SmpQuery.Gets gets, Destination to, int port) throws QueryException {
        Map<String, Object> json = new LinkedHashMap<>();
        // port 0 of a switch is its management port: only an enhanced one has VL arbitration
        if (port == 0
                && gets.get(SmpOp.VL_ARBITRATION, NodeInfo.CODEC, 0, "node info").nodeType() == NodeInfo.TYPE_SWITCH
                && !gets.get(SmpOp.VL_ARBITRATION, SwitchInfo.CODEC, 0, "switch info").enhancedPort0()) {
            json.put("tables", "none (base switch port 0)");
            return new Result("# No VLArbitration tables (BSP0): " + to.describe() + " port 0\n", json);
        }
        PortInfo info = gets.get(SmpOp.VL_ARBITRATION, PortInfo.CODEC, port, "port info");
        int low = info.vlArbitrationLowCap();
        int high = info.vlArbitrationHighCap();
        StringBuilder text = new StringBuilder(String
                .format("# VLArbitration tables: %s port %d LowCap %d HighCap %d\n", to.describe(), port, low, high));
        if (low > 0) {
            table(gets, port, "Low", VlArbitrationTable.LOW_0_31, low, text, json);
        }
        if (high > 0) {
            table(gets, port, "High", VlArbitrationTable.HIGH_0_31, high, text, json);
        }
        return new Result(text.toString(), json);
    }

    private static void table(SmpQuery.Gets gets, int port, String name, int block, int capacity, StringBuilder text,
            Map<String, Object> json) throws QueryException {
        text.append("# ").append(name).append(" priority VL Arbitration Table:");
        List<String> entries = new ArrayList<>();
        for (int first = 0; first < capacity; first += VlArbitrationTable.PER_BLOCK) {
            List<VlArbitrationTable.Entry> shown = gets
                    .get(SmpOp.VL_ARBITRATION, VlArbitrationTable.CODEC,
                            VlArbitrationTable.modifier(block + first / VlArbitrationTable.PER_BLOCK, port), null)
                    .entries().subList(0, Math.min(VlArbitrationTable.PER_BLOCK, capacity - first));
            text.append("\nVL    : |");
            shown.forEach(e -> text.append(String.format("0x%-2X|", e.vl())));
            text.append("\nWEIGHT: |");
            shown.forEach(e -> text.append(String.format("0x%-2X|", e.weight())));
            text.append('\n');
            shown.forEach(e -> entries.add(e.vl() + ":" + e.weight()));
        }
        json.put(name.toLowerCase(Locale.ROOT), entries);
    }

    /** {@code guids}: the port's GUIDs, two to a line, then the capacity. */
    static Result guidInfo(SmpQuery.Gets gets) throws QueryException {
        int capacity = gets.get(SmpOp.GUID_INFO, PortInfo.CODEC, 0, "port info").guidCap();
        StringBuilder text = new StringBuilder();
        List<String> guids = new ArrayList<>();
        int blocks = (capacity + 7) / 8;
        for (int block = 0; block < blocks; block++) {
            List<Long> entries = gets.get(SmpOp.GUID_INFO, GuidInfo.CODEC, block, null).guids();
            int shown = block + 1 == blocks ? (capacity + 1 - block * 8) / 2 * 2 : 8;
            for (int line = 0; line < shown; line += 2) {
                text.append(String.format("%4d: 0x%016x 0x%016x\n", block * 8 + line, entries.get(line),
                        entries.get(line + 1)));
                guids.add(String.format("0x%016x", entries.get(line)));
                guids.add(String.format("0x%016x", entries.get(line + 1)));
            }
        }
        text.append(capacity).append(" guids capacity for this port\n");
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("capacity", capacity);
        json.put("guids", guids);
        return new Result(text.toString(), json);
    }

    /**
     * What a table operation prints, and the same data for {@code --json}.
     *
     * @param text the tool's text
     * @param json the fields of the JSON object
     */
    record Result(String text, Map<String, Object> json) {
    }
}
