package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.infiniscope.lab.umad.BuiltLauncher.Output;
import org.infiniscope.sm.partition.NodeType;
import org.infiniscope.sm.partition.PartitionPort;
import org.infiniscope.sm.partition.PartitionsFile;
import org.infiniscope.sm.partition.PkeyCalculator;
import org.infiniscope.sm.partition.PkeyOptions;
import org.infiniscope.sm.partition.PkeyTables;
import org.infiniscope.sm.partition.QosCalculator;
import org.infiniscope.sm.partition.QosOptions;
import org.infiniscope.sm.partition.QosPort;
import org.infiniscope.sm.partition.QosTables;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * OpenSM 3.3.23 on ibsim, given a partitions file with every kind of member and membership ({@code -P}) and simple
 * QoS options ({@code -F} with {@code qos TRUE} and {@code qos_*} keys), programs P_Key, SL2VL and VL arbitration
 * tables; Debian's {@code smpquery pkeys|sl2vl|vlarb} reads every one back; our {@code org.infiniscope.sm.partition}
 * computes them from the same file, options and what {@code smpquery nodeinfo|portinfo|switchinfo} and
 * {@code ibnetdiscover -p} say of the fabric. They must be equal.
 *
 * <p>
 * Left out, each for a reason: the P_Key blocks of a switch port after those OpenSM writes (OpenSM never writes
 * them: they keep ibsim's initial contents, which ours does not model); PortInfo's PartitionEnforcement bits and
 * VLHighLimit (ibsim answers a PortInfo Set without keeping either, so smpquery reads 0 whatever OpenSM sent); and
 * the VL arbitration tables of switch ports that are Down (OpenSM skips them).
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class PartitionsQosLabIT {

    private static final String QOS = """
            qos TRUE
            qos_max_vls 8
            qos_high_limit 3
            qos_vlarb_high 0:8,1:4
            qos_vlarb_low 2:10,3:20,4:30,5:1
            qos_sl2vl 0,1,2,3,4,5,6,7,0,1,2,3,4,5,6,15
            qos_ca_sl2vl 3,2,1,0,3,2,1,0,3,2,1,0,3,2,1,0
            qos_ca_vlarb_low 1:7,0:9
            qos_swe_vlarb_high 1:100,2:50
            qos_rtr_sl2vl 7,6,5,4,3,2,1,0,7,6,5,4,3,2,1,0
            """;

    /** Every kind of member and membership; G1..G3 are the port GUIDs of the second to fourth host. */
    private static final String PARTITIONS = """
            # the lab's partitions
            Default=0x7fff, ipoib : ALL=full ;
            Storage = 0x8001, ipoib, mtu=4 : G1=full, G2,
                G3=both ;
            Compute=0x0002,defmember=full: ALL_CAS;
            Limited=0x0003: ALL_SWITCHES=full, ALL_CAS=limited;
            Idx=0x0010,indx0: G3=full, SELF;
            Routers=0x0020,ipoib:
                mgid=ff12:401b::16 # a multicast group line
                ALL_ROUTERS=full, G1 ;
            0x0030: SELF=full, 0x0008f1ffffffff01 ; # a port no fabric has
            """;

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @ParameterizedTest(name = "P_Key, SL2VL and VLArb tables on {0}")
    @ValueSource(strings = {"ft2-16", "irregular-1"})
    void tablesEqualWhatOpenSmWrote(String fabricName) throws Exception {
        Lab.require("ibsim", "opensm", "smpquery", "ibnetdiscover");
        Path scratch = Lab.scratch("partitions-qos-" + fabricName);
        ParityFabric fabric = ParityFabric.resource(scratch, "fabrics/" + fabricName + ".net");
        String attach = fabric.hosts().get(1);
        try (Ibsim ibsim = Ibsim.start(scratch, fabric.net(), List.of(), Duration.ofSeconds(10))) {
            LabRun run = new LabRun(scratch, ibsim.socket());
            // before any SM: the P_Key table every port starts with, and the GUIDs the file names
            List<Integer> initial = pkeys(tool(run, attach, "smpquery", "-D", "pkeys", "0"));
            String partitions = PARTITIONS;
            for (int i = 1; i <= 3; i++) {
                String guid = field(tool(run, fabric.hosts().get(i), "smpquery", "-D", "nodeinfo", "0"), "PortGuid");
                partitions = partitions.replace("G" + i, guid);
            }
            Path partitionsFile = Files.writeString(scratch.resolve("partitions.conf"), partitions);
            try (OpenSm openSm = OpenSm.start(scratch, Lab.preloadEnvironment(ibsim.socket(), fabric.hosts().get(0)),
                    TIMEOUT, QOS, List.of("-P", partitionsFile.toString()))) {
                openSm.awaitQuiet(Duration.ofSeconds(2), TIMEOUT);
                assertTrue(!openSm.logTail(400).contains("PARSE ERROR"), openSm.logTail(40));
                Fabric seen = Fabric.read(run, attach, fabric.hosts().get(0), initial);
                compare(run, attach, seen, PartitionsFile.parse(partitions, "partitions.conf"),
                        QosOptions.parse(QOS, "qos"));
            }
        }
    }

    private static void compare(LabRun run, String attach, Fabric seen, PartitionsFile file, QosOptions qos)
            throws Exception {
        PkeyTables pkeys = new PkeyCalculator(PkeyOptions.DEFAULTS).compute(file, seen.endPorts);
        int compared = 0;
        for (Map.Entry<Integer, PartitionPort> entry : seen.byLid.entrySet()) {
            PartitionPort port = entry.getValue();
            int lid = entry.getKey();
            List<Integer> read = pkeys(tool(run, attach, "smpquery", "pkeys", Integer.toString(lid)));
            List<Integer> ours = pkeys.endPorts().get(port.portGuid()).pkeys();
            assertEquals(read, ours.subList(0, read.size()), "P_Keys of LID " + lid);
            compared++;
            if (port.peer() != null) {
                int switchLid = seen.switchLids.get(port.peer().switchGuid());
                List<Integer> facing = pkeys(tool(run, attach, "smpquery", "pkeys", Integer.toString(switchLid),
                        Integer.toString(port.peer().portNumber())));
                List<Integer> written = pkeys.switchPorts()
                        .get(new PkeyTables.SwitchPortKey(port.peer().switchGuid(), port.peer().portNumber())).pkeys();
                assertEquals(facing.subList(0, written.size()), written,
                        "P_Keys of switch LID " + switchLid + " port " + port.peer().portNumber());
                compared++;
            }
        }
        QosTables tables = QosCalculator.compute(qos, seen.qosPorts);
        for (QosPort port : seen.qosPorts) {
            int lid = port.nodeType() == NodeType.SWITCH
                    ? seen.switchLids.get(port.nodeGuid())
                    : seen.lidOfPort.get(port.nodeGuid() + ":" + port.portNumber());
            QosTables.PortKey key = new QosTables.PortKey(port.nodeGuid(), port.portNumber());
            if (tables.vlArbLow().containsKey(key) || tables.vlArbHigh().containsKey(key)) {
                String text = port.nodeType() == NodeType.SWITCH
                        ? tool(run, attach, "smpquery", "vlarb", Integer.toString(lid),
                                Integer.toString(port.portNumber()))
                        : tool(run, attach, "smpquery", "vlarb", Integer.toString(lid));
                List<List<QosTables.VlWeight>> read = vlArb(text);
                assertEquals(tables.vlArbLow().get(key), read.get(0), "VLArb low of LID " + lid + " port " + key);
                assertEquals(tables.vlArbHigh().get(key), read.get(1), "VLArb high of LID " + lid + " port " + key);
                compared++;
            }
            if (port.nodeType() != NodeType.SWITCH) {
                Map<String, List<Integer>> read = sl2vl(tool(run, attach, "smpquery", "sl2vl", Integer.toString(lid)));
                assertEquals(tables.sl2vl().get(new QosTables.Sl2VlKey(port.nodeGuid(), 0, 0)), read.get("0,0"),
                        "SL2VL of LID " + lid);
                compared++;
            } else if (port.portNumber() > 0 && !port.down()) {
                Map<String, List<Integer>> read = sl2vl(tool(run, attach, "smpquery", "sl2vl", Integer.toString(lid),
                        Integer.toString(port.portNumber())));
                for (Map.Entry<String, List<Integer>> row : read.entrySet()) {
                    String[] inOut = row.getKey().split(",");
                    assertEquals(
                            tables.sl2vl()
                                    .get(new QosTables.Sl2VlKey(port.nodeGuid(), Integer.parseInt(inOut[0]),
                                            Integer.parseInt(inOut[1]))),
                            row.getValue(), "SL2VL of switch LID " + lid + " " + row.getKey());
                    compared++;
                }
            }
        }
        assertTrue(compared > 50, "only " + compared + " tables compared");
        // the file's partitions in force: the one with only a stranger's port and ALL_ROUTERS on a router-less
        // fabric are as OpenSM drops them
        assertTrue(pkeys.partitions().contains(0x7fff), pkeys.partitions().toString());
    }

    /** What smpquery, ibnetdiscover say of the fabric, in the records our code takes. */
    private static final class Fabric {
        final Map<Integer, PartitionPort> byLid = new LinkedHashMap<>();
        final List<PartitionPort> endPorts = new ArrayList<>();
        final List<QosPort> qosPorts = new ArrayList<>();
        final Map<Long, Integer> switchLids = new LinkedHashMap<>();
        final Map<String, Integer> lidOfPort = new LinkedHashMap<>();

        static Fabric read(LabRun run, String attach, String smHost, List<Integer> initial) throws Exception {
            Fabric fabric = new Fabric();
            // end port GUID → the switch port its cable reaches
            Map<Long, long[]> peers = new LinkedHashMap<>();
            Pattern link = Pattern.compile(
                    "^(CA|RT)\\s+\\d+\\s+(\\d+)\\s+(0x[0-9a-f]+)\\s.*-\\s+SW\\s+\\d+\\s+(\\d+)\\s+(0x[0-9a-f]+)\\s");
            for (String line : tool(run, attach, "ibnetdiscover", "-p").lines().toList()) {
                Matcher m = link.matcher(line);
                if (m.find()) {
                    peers.put(Long.parseUnsignedLong(m.group(3).substring(2), 16), new long[]{
                            Long.parseUnsignedLong(m.group(5).substring(2), 16), Integer.parseInt(m.group(4))});
                }
            }
            String smGuid = field(tool(run, smHost, "smpquery", "-D", "nodeinfo", "0"), "PortGuid");
            Map<Long, Integer> enforceCaps = new LinkedHashMap<>();
            for (int lid = 1;; lid++) {
                Output nodeinfo = run.theirs(attach, "smpquery", List.of("nodeinfo", Integer.toString(lid)));
                if (nodeinfo.status() != 0) {
                    break; // OpenSM gives LIDs from 1 without holes: the first that does not answer ends the list
                }
                String text = nodeinfo.text();
                NodeType type = switch (field(text, "NodeType")) {
                    case "Switch" -> NodeType.SWITCH;
                    case "Router" -> NodeType.ROUTER;
                    default -> NodeType.CA;
                };
                long nodeGuid = hex(field(text, "Guid"));
                long portGuid = hex(field(text, "PortGuid"));
                int partCap = Integer.parseInt(field(text, "PartCap"));
                int localPort = type == NodeType.SWITCH ? 0 : Integer.parseInt(field(text, "LocalPort"));
                PartitionPort.SwitchPeer peer = null;
                if (type == NodeType.SWITCH) {
                    fabric.switchLids.put(nodeGuid, lid);
                    String switchInfo = tool(run, attach, "smpquery", "switchinfo", Integer.toString(lid));
                    enforceCaps.put(nodeGuid, Integer.parseInt(field(switchInfo, "PartEnforceCap")));
                    boolean enhanced = !field(switchInfo, "EnhancedPort0").equals("0");
                    int ports = Integer.parseInt(field(text, "NumPorts"));
                    for (int p = 0; p <= ports; p++) {
                        fabric.qosPorts.add(qosPort(type, nodeGuid, p, enhanced,
                                tool(run, attach, "smpquery", "portinfo", Integer.toString(lid), Integer.toString(p))));
                    }
                } else {
                    fabric.lidOfPort.put(nodeGuid + ":" + localPort, lid);
                    fabric.qosPorts.add(qosPort(type, nodeGuid, localPort, false,
                            tool(run, attach, "smpquery", "portinfo", Integer.toString(lid))));
                }
                PartitionPort port = new PartitionPort(type, nodeGuid, portGuid, localPort, partCap,
                        portGuid == hex(smGuid), initial, null);
                fabric.byLid.put(lid, port);
            }
            // peers need the switches' enforcement caps, known once every LID is read
            for (Map.Entry<Integer, PartitionPort> entry : fabric.byLid.entrySet()) {
                PartitionPort p = entry.getValue();
                long[] peer = peers.get(p.portGuid());
                if (p.nodeType() != NodeType.SWITCH && peer != null) {
                    p = new PartitionPort(p.nodeType(), p.nodeGuid(), p.portGuid(), p.portNumber(), p.partitionCap(),
                            p.smPort(), p.currentPkeys(),
                            new PartitionPort.SwitchPeer(peer[0], (int) peer[1], enforceCaps.get(peer[0])));
                    entry.setValue(p);
                }
                fabric.endPorts.add(p);
            }
            return fabric;
        }

        private static QosPort qosPort(NodeType type, long nodeGuid, int port, boolean enhanced, String portInfo) {
            return new QosPort(type, nodeGuid, port, vls(field(portInfo, "VLCap")), vls(field(portInfo, "OperVLs")),
                    Integer.parseInt(field(portInfo, "VLArbHighCap")), Integer.parseInt(field(portInfo, "VLArbLowCap")),
                    portInfo.contains("IsSLMappingSupported"), field(portInfo, "LinkState").equals("Down"), enhanced);
        }
    }

    private static String tool(LabRun run, String node, String tool, String... args)
            throws IOException, InterruptedException {
        Output output = run.theirs(node, tool, List.of(args));
        assertEquals(0, output.status(), tool + " " + String.join(" ", args) + ": " + output.err());
        return output.text();
    }

    /** @return the value of a {@code Name:.....value} line of smpquery */
    private static String field(String text, String name) {
        Matcher m = Pattern.compile("(?m)^" + name + ":\\.*(.*)$").matcher(text);
        if (!m.find()) {
            throw new AssertionError("no " + name + " in:\n" + text);
        }
        return m.group(1).trim();
    }

    private static long hex(String text) {
        return Long.parseUnsignedLong(text.substring(2), 16);
    }

    /** The encoded VL count of smpquery's {@code VL0-7}. */
    private static int vls(String text) {
        return switch (text) {
            case "VL0" -> 1;
            case "VL0-1" -> 2;
            case "VL0-3" -> 3;
            case "VL0-7" -> 4;
            case "VL0-14" -> 5;
            default -> throw new AssertionError("VLs '" + text + "'");
        };
    }

    /** The entries of {@code smpquery pkeys}: {@code "   0: 0x7fff 0x0001 …"} lines. */
    static List<Integer> pkeys(String text) {
        List<Integer> pkeys = new ArrayList<>();
        for (String line : text.lines().toList()) {
            if (line.matches("\\s*\\d+:.*")) {
                for (String word : line.substring(line.indexOf(':') + 1).trim().split("\\s+")) {
                    pkeys.add(Integer.parseInt(word.substring(2), 16));
                }
            }
        }
        return pkeys;
    }

    /** The rows of {@code smpquery sl2vl}: "in,out" → 16 VLs. */
    static Map<String, List<Integer>> sl2vl(String text) {
        Map<String, List<Integer>> rows = new LinkedHashMap<>();
        Pattern row = Pattern.compile("^ports: in\\s+(\\d+), out\\s+(\\d+):\\s*\\|(.*)\\|\\s*$");
        for (String line : text.lines().toList()) {
            Matcher m = row.matcher(line);
            if (m.matches()) {
                rows.put(m.group(1) + "," + m.group(2), java.util.Arrays.stream(m.group(3).split("\\|"))
                        .map(String::trim).map(Integer::valueOf).toList());
            }
        }
        return rows;
    }

    /** The low then high tables of {@code smpquery vlarb}. */
    static List<List<QosTables.VlWeight>> vlArb(String text) {
        List<List<QosTables.VlWeight>> tables = new ArrayList<>();
        List<Integer> vls = null;
        for (String line : text.lines().toList()) {
            if (line.startsWith("VL ")) {
                vls = cells(line);
            } else if (line.startsWith("WEIGHT") && vls != null) {
                List<Integer> weights = cells(line);
                List<QosTables.VlWeight> table = new ArrayList<>();
                for (int i = 0; i < vls.size(); i++) {
                    table.add(new QosTables.VlWeight(vls.get(i), weights.get(i)));
                }
                tables.add(table);
            }
        }
        return tables;
    }

    private static List<Integer> cells(String line) {
        String body = line.substring(line.indexOf('|') + 1);
        return java.util.Arrays.stream(body.split("\\|")).map(String::trim).filter(s -> !s.isEmpty())
                .map(s -> Integer.parseInt(s.substring(2), 16)).toList();
    }
}
