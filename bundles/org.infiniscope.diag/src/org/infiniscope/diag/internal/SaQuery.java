package org.infiniscope.diag.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.infiniscope.console.json.Json;
import org.infiniscope.diag.format.SaFormat;
import org.infiniscope.diag.format.SaTableFormat;
import org.infiniscope.diag.internal.SaQueryArgs.NodePrint;
import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.Gid;
import org.infiniscope.mad.sa.LinkRecord;
import org.infiniscope.mad.sa.MCMemberRecord;
import org.infiniscope.mad.sa.NodeRecord;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.sa.PortInfoRecord;
import org.infiniscope.mad.sa.SMInfoRecord;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.ServiceRecord;
import org.infiniscope.mad.sa.SwitchInfoRecord;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.wire.Bits;

/**
 * What saquery asks the SA for each command and record type (the template and component mask of its GetTable), and
 * what it prints of the answer: the text through {@link SaFormat}, or the records as JSON.
 */
final class SaQuery {

    /** SA ClassPortInfo CapabilityMask2 bit 3: the SA's SwitchInfoRecords carry MulticastFDBTop. */
    private static final int IS_MULTICAST_FDB_TOP_SUPPORTED = 1 << 3;
    private static final int IS_SM = 1 << 1;
    private static final int IS_SM_DISABLED = 1 << 10;

    private final SaClient sa;
    private final SaQueryArgs args;
    private final NodeNames names;
    private final StringBuilder text = new StringBuilder();
    private final Map<String, List<Object>> json = new LinkedHashMap<>();
    private List<Object> jsonRecords = new ArrayList<>();
    private List<NodeRecord> nodes;

    private SaQuery(SaClient sa, SaQueryArgs args, NodeNames names) {
        this.sa = sa;
        this.args = args;
        this.names = names;
        json.put("records", jsonRecords);
    }

    /** @return what saquery prints for the arguments, or its JSON */
    static String run(SaClient sa, SaQueryArgs args) throws QueryException {
        return run(sa, args, NodeNames.DESCRIPTIONS);
    }

    /**
     * @param names the names of nodes ({@code --node-name-map}), where saquery prints a node's name
     * @return what saquery prints for the arguments, or its JSON
     */
    static String run(SaClient sa, SaQueryArgs args, NodeNames names) throws QueryException {
        SaQuery query = new SaQuery(sa, args, names);
        query.execute();
        if (args.json()) {
            Map<String, Object> object = new LinkedHashMap<>();
            object.put("saLid", sa.saLid());
            object.putAll(query.json);
            return Json.write(object) + "\n";
        }
        return query.text.toString();
    }

    private void execute() throws QueryException {
        switch (args.command()) {
            case NODES -> nodeRecords();
            case ISSM -> {
                json.clear();
                text.append("IsSM ports\n");
                group("isSm");
                smPorts(IS_SM);
                text.append("\nIsSMdisabled ports\n");
                group("isSmDisabled");
                smPorts(IS_SM_DISABLED);
            }
            case MCGROUPS -> {
                for (MCMemberRecord r : sa.getTable(MCMemberRecord.CODEC, 0, 0, new byte[0])) {
                    emit(r, SaFormat.mcGroupRecord(r));
                }
            }
            case MCMEMBERS -> members();
            case CLASS_PORT_INFO -> classPortInfo();
            case QUERY -> query();
        }
    }

    private void query() throws QueryException {
        byte[] t = new byte[SaMad.DATA_LENGTH];
        long mask = 0;
        switch (args.type()) {
            case CPI -> classPortInfo();
            case NR -> {
                int lid = lidAndPorts(args.argument(0), null);
                mask |= put16(t, 0, lid, NodeRecord.Components.LID);
                for (NodeRecord r : sa.getTable(NodeRecord.CODEC, 0, mask, t)) {
                    emit(r, SaFormat.nodeRecord(r, name(r)));
                }
            }
            case PIR -> {
                int[] ports = {-1, -1};
                int lid = lidAndPorts(args.argument(0), ports);
                mask |= put16(t, 0, lid, PortInfoRecord.Components.ENDPORT_LID);
                mask |= put8(t, 2, ports[0], PortInfoRecord.Components.PORT_NUM);
                mask |= put8(t, 3, ports[1], PortInfoRecord.Components.OPTIONS);
                for (PortInfoRecord r : sa.getTable(PortInfoRecord.CODEC, 0, mask, t)) {
                    emit(r, SaFormat.portInfoRecord(r));
                }
            }
            case LR -> {
                int[] from = {-1, -1};
                int[] to = {-1, -1};
                int fromLid = lidAndPorts(args.argument(0), from);
                int toLid = lidAndPorts(args.argument(1), to);
                mask |= put16(t, 0, fromLid, LinkRecord.Components.FROM_LID);
                mask |= put8(t, 2, from[0], LinkRecord.Components.FROM_PORT);
                mask |= put16(t, 4, toLid, LinkRecord.Components.TO_LID);
                mask |= put8(t, 3, to[0], LinkRecord.Components.TO_PORT);
                for (LinkRecord r : sa.getTable(LinkRecord.CODEC, 0, mask, t)) {
                    emit(r, SaFormat.linkRecord(r));
                }
            }
            case PR -> {
                mask |= putGid(t, 24, args.gids().sgid(), PathRecord.Components.SGID);
                mask |= putGid(t, 8, args.gids().dgid(), PathRecord.Components.DGID);
                mask |= put16(t, 42, lid(args.source()), PathRecord.Components.SLID);
                mask |= put16(t, 40, lid(args.destination()), PathRecord.Components.DLID);
                if (args.numbPath() >= 0) {
                    t[49] = (byte) args.numbPath();
                    mask |= PathRecord.Components.NUMB_PATH;
                }
                for (PathRecord r : sa.getTable(PathRecord.CODEC, 0, mask, t)) {
                    emit(r, SaFormat.pathRecord(r));
                }
            }
            case MCMR -> {
                mask |= putGid(t, 0, args.gids().mgid(), MCMemberRecord.Components.MGID);
                mask |= putGid(t, 16, args.gids().portGid(), MCMemberRecord.Components.PORT_GID);
                mask |= put16(t, 36, args.mlid(), MCMemberRecord.Components.MLID);
                for (MCMemberRecord r : sa.getTable(MCMemberRecord.CODEC, 0, mask, t)) {
                    emit(r, SaFormat.mcMemberRecord(r));
                }
            }
            case SR -> {
                for (ServiceRecord r : sa.getTable(ServiceRecord.CODEC, 0, 0, t)) {
                    emit(r, SaFormat.serviceRecord(r));
                }
            }
            case SWIR -> {
                // as saquery: the SA's ClassPortInfo first, which says whether MulticastFDBTop is meaningful
                ClassPortInfo cpi = sa.classPortInfo();
                boolean top = (cpi.capabilityMask2() & IS_MULTICAST_FDB_TOP_SUPPORTED) != 0;
                mask |= put16(t, 0, lidAndPorts(args.argument(0), null), SwitchInfoRecord.Components.LID);
                for (SwitchInfoRecord r : sa.getTable(SwitchInfoRecord.CODEC, 0, mask, t)) {
                    emit(r, SaFormat.switchInfoRecord(r, top));
                }
            }
            case SMIR -> {
                mask |= put16(t, 0, lidAndPorts(args.argument(0), null), SMInfoRecord.Components.LID);
                for (SMInfoRecord r : sa.getTable(SMInfoRecord.CODEC, 0, mask, t)) {
                    emit(r, SaFormat.smInfoRecord(r));
                }
            }
            default -> SaTables.query(this, sa, args, t);
        }
    }

    /** {@code -N} and its kin: every NodeRecord, filtered and printed as the option says. */
    private void nodeRecords() throws QueryException {
        String wanted = args.argument(0);
        NodePrint print = args.nodePrint();
        if (print == NodePrint.ALL_DESC) {
            text.append("   LID \"name\"\n================\n");
        }
        long requested = print == NodePrint.NAME_OF_LID || print == NodePrint.NAME_OF_GUID
                ? number(wanted, print == NodePrint.NAME_OF_LID ? "lid" : "guid")
                : 0;
        if (print == NodePrint.NAME_OF_LID && requested == 0) {
            throw new QueryException("ERROR: lid invalid");
        }
        for (NodeRecord r : nodes()) {
            NodeInfo n = r.nodeInfo();
            String name = name(r);
            switch (print) {
                case ALL_DESC -> {
                    if (n.nodeType() == NodeInfo.TYPE_CA) {
                        emit(r, SaFormat.nodeDescriptionLine(r, name));
                    }
                }
                case NAME_OF_LID -> {
                    if (r.lid() == requested) {
                        emit(r, name + "\n");
                    }
                }
                case NAME_OF_GUID -> {
                    if (n.portGuid() == requested) {
                        emit(r, name + "\n");
                    }
                }
                default -> {
                    // saquery takes the description or the name the map gives
                    if (wanted == null || wanted.equals(r.nodeDescription().text()) || wanted.equals(name)) {
                        switch (print) {
                            case LID_ONLY, UNIQUE_LID_ONLY -> emit(r, r.lid() + "\n");
                            case GUID_ONLY -> emit(r, String.format(Locale.ROOT, "0x%016x", n.portGuid()) + "\n");
                            default -> emit(r, SaFormat.nodeRecord(r, name));
                        }
                        if (print == NodePrint.UNIQUE_LID_ONLY) {
                            return;
                        }
                    }
                }
            }
        }
    }

    /** {@code -s}: the PortInfoRecords whose CapabilityMask has the bit (the modifier's top bit asks for that). */
    private void smPorts(int capability) throws QueryException {
        byte[] t = new byte[SaMad.DATA_LENGTH];
        Bits.put32(t, 4 + 20, capability); // PortInfo:CapabilityMask, after the record's own 4 bytes
        for (PortInfoRecord r : sa.getTable(PortInfoRecord.CODEC, 1 << 31, PortInfoRecord.Components.CAPABILITY_MASK,
                t)) {
            emit(r, SaFormat.portInfoRecordShort(r));
        }
    }

    /** {@code -m [MLID]}: every member, named from the NodeRecords by its port GUID. */
    private void members() throws QueryException {
        List<MCMemberRecord> members = sa.getTable(MCMemberRecord.CODEC, 0, 0, new byte[0]);
        List<NodeRecord> all = nodes();
        String wanted = args.argument(0);
        for (MCMemberRecord r : members) {
            String name = all.stream().filter(n -> n.nodeInfo().portGuid() == r.portGid().interfaceId()).map(this::name)
                    .findFirst().orElse("<unknown>");
            if (wanted == null) {
                emit(r, SaFormat.mcMemberDump(r, name));
            } else if (number(wanted, "mlid") == r.mlid()) {
                emit(r, SaFormat.mcMemberGid(r, name));
            }
        }
    }

    /** Sends the records from now on to a list of their own in the JSON, under this key. */
    private void group(String key) {
        jsonRecords = new ArrayList<>();
        json.put(key, jsonRecords);
    }

    void emit(Object record, String block) {
        text.append(block);
        jsonRecords.add(SaJson.of(record));
    }

    /** @return the node's name as saquery prints it: from the node-name map, else its cleaned description */
    private String name(NodeRecord r) {
        return names.name(r.nodeInfo().nodeGuid(), r.nodeDescription().text());
    }

    private List<NodeRecord> nodes() throws QueryException {
        if (nodes == null) {
            nodes = sa.getTable(NodeRecord.CODEC, 0, 0, new byte[0]);
        }
        return nodes;
    }

    /**
     * saquery's {@code LID[/PORT[/PORT]]}: the LID (or node name, or, an addition of ours, port GUID) and up to two
     * numbers after it, -1 where absent.
     */
    int lidAndPorts(String text, int[] ports) throws QueryException {
        if (text == null) {
            return 0;
        }
        String[] parts = text.split("/", -1);
        for (int i = 1; i < parts.length && ports != null && i <= ports.length; i++) {
            ports[i - 1] = parts[i].isEmpty() ? -1 : (int) number(parts[i], "port in \"" + text + "\"");
        }
        return lid(parts[0]);
    }

    /** saquery's {@code get_lid}: a node name when it starts with a letter, else a LID; a port GUID too. */
    private int lid(String text) throws QueryException {
        if (text == null || text.isEmpty()) {
            return 0;
        }
        if (Character.isLetter(text.charAt(0))) {
            for (NodeRecord r : nodes()) {
                if (r.nodeDescription().text().equals(text)) {
                    return r.lid();
                }
            }
            throw new QueryException("Failed to find lid for \"" + text + "\": no NodeRecord has that description"
                    + (args.command() == SaQueryArgs.Command.QUERY && args.type() == SaQueryArgs.Type.NR
                            ? " (and it names no record type: " + SaQueryArgs.typeNames() + ")"
                            : ""));
        }
        long value = number(text, "lid");
        if (value > 0xFFFF && text.toLowerCase(Locale.ROOT).startsWith("0x")) {
            for (NodeRecord r : nodes()) {
                if (r.nodeInfo().portGuid() == value) {
                    return r.lid();
                }
            }
            throw new QueryException("Failed to find lid for port GUID " + text + ": no NodeRecord has it");
        }
        if (value <= 0 || value > 0xFFFF) {
            throw new QueryException("Invalid lid specified: \"" + text + "\"");
        }
        return (int) value;
    }

    /** A number as strtoul reads it with base 0: hexadecimal after 0x, octal after 0, else decimal. */
    private static long number(String text, String what) throws QueryException {
        try {
            String t = text.toLowerCase(Locale.ROOT);
            if (t.startsWith("0x")) {
                return Long.parseUnsignedLong(t.substring(2), 16);
            }
            if (t.length() > 1 && t.startsWith("0")) {
                return Long.parseLong(t.substring(1), 8);
            }
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new QueryException("Invalid " + what + " specified: \"" + text + "\" is not a number");
        }
    }

    /** {@code -c} and {@code CPI}: the SA's ClassPortInfo, from a SubnAdmGet. */
    private void classPortInfo() throws QueryException {
        ClassPortInfo cpi = sa.classPortInfo();
        emit(cpi, SaTableFormat.classPortInfo(cpi));
    }

    static long putGid(byte[] template, int offset, Gid gid, long component) {
        if (gid == null) {
            return 0;
        }
        gid.write(template, offset);
        return component;
    }

    static long put16(byte[] template, int offset, int value, long component) {
        if (value <= 0) {
            return 0;
        }
        Bits.put16(template, offset, value);
        return component;
    }

    static long put8(byte[] template, int offset, int value, long component) {
        if (value < 0) {
            return 0;
        }
        Bits.put8(template, offset, value & 0xFF);
        return component;
    }
}
