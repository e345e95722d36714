package org.infiniscope.sm.internal.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.infiniscope.sm.partition.NodeType;
import org.infiniscope.sm.partition.PartitionPort;
import org.infiniscope.sm.partition.PartitionsFile;
import org.infiniscope.sm.partition.PkeyCalculator;
import org.infiniscope.sm.partition.PkeyOptions;
import org.infiniscope.sm.partition.PkeyTables;
import org.infiniscope.sm.partition.PkeyTables.SwitchPortKey;
import org.junit.jupiter.api.Test;

/**
 * P_Key tables against what OpenSM 3.3.23 wrote on ibsim for the same fabric and file (ft2-16: 16 CAs with 64
 * P_Keys, 6 switches with 8 at port 0 and PartitionEnforcementCap 64; OpenSM on h00001; every table holding 0xffff
 * at index 0 before), read back with smpquery pkeys.
 */
class PkeyManagerTest {

    static final String FILE = """
            Default=0x7fff, ipoib : ALL=full ;
            Storage = 0x8001, ipoib, mtu=4 : 0x0008f10400000101=full, 0x0008f10400000201,
                0x0008f10400000301=both ;
            Compute=0x0002,defmember=full: ALL_CAS;
            Limited=0x0003: ALL_SWITCHES=full, ALL_CAS=limited;
            Idx=0x0010,indx0: 0x0008f10400000401=full, SELF;
            """;

    static long caPort(int host) {
        return 0x0008f10400000001L | ((long) host << 8);
    }

    static long leaf(int leaf) {
        return 0x0008f10500000000L | ((long) leaf << 8);
    }

    static List<PartitionPort> ft216() {
        List<PartitionPort> ports = new ArrayList<>();
        for (int host = 1; host <= 16; host++) {
            ports.add(new PartitionPort(NodeType.CA, caPort(host) & ~0xffL, caPort(host), 1, 64, host == 1,
                    List.of(0xffff), new PartitionPort.SwitchPeer(leaf((host - 1) / 4 + 1), (host - 1) % 4 + 1, 64)));
        }
        for (int sw = 1; sw <= 6; sw++) {
            ports.add(new PartitionPort(NodeType.SWITCH, leaf(sw), leaf(sw), 0, 8, false, List.of(0xffff), null));
        }
        return ports;
    }

    private static List<Integer> head(List<Integer> table, int n) {
        return table.subList(0, n);
    }

    @Test
    void tablesAsOpenSmWroteThem() throws Exception {
        PkeyTables tables = new PkeyCalculator(PkeyOptions.DEFAULTS).compute(PartitionsFile.parse(FILE, "p"), ft216());
        assertEquals(List.of(0x0010, 0x8001, 0x8002, 0x0003, 0xffff, 0),
                head(tables.endPorts().get(caPort(1)).pkeys(), 6));
        assertEquals(List.of(0xffff, 0x0001, 0x8002, 0x0003, 0), head(tables.endPorts().get(caPort(2)).pkeys(), 5));
        assertEquals(List.of(0xffff, 0x8001, 0x8002, 0x0003, 0), head(tables.endPorts().get(caPort(3)).pkeys(), 5));
        assertEquals(List.of(0x8010, 0x8002, 0x0003, 0xffff, 0), head(tables.endPorts().get(caPort(4)).pkeys(), 5));
        assertEquals(List.of(0xffff, 0x8002, 0x0003, 0), head(tables.endPorts().get(caPort(5)).pkeys(), 4));
        assertEquals(64, tables.endPorts().get(caPort(5)).pkeys().size());
        assertEquals(List.of(0xffff, 0x8003, 0, 0, 0, 0, 0, 0), head(tables.endPorts().get(leaf(1)).pkeys(), 8));
        assertEquals(32, tables.endPorts().get(leaf(1)).pkeys().size());
        PkeyTables.SwitchPortTable facing1 = tables.switchPorts().get(new SwitchPortKey(leaf(1), 1));
        assertEquals(List.of(0x0010, 0x8001, 0x8002, 0x0003, 0xffff, 0), head(facing1.pkeys(), 6));
        assertEquals(32, facing1.pkeys().size());
        assertEquals(PkeyOptions.Enforcement.BOTH, facing1.enforcement());
        assertEquals(List.of(0x0001, 0x0002, 0x0003, 0x0010, 0x7fff), tables.partitions()); // OpenSM's map order
    }

    @Test
    void noFileMeansDefaultFullEverywhere() {
        PkeyTables tables = new PkeyCalculator(PkeyOptions.DEFAULTS).compute(null, ft216());
        assertEquals(List.of(0xffff, 0), head(tables.endPorts().get(caPort(7)).pkeys(), 2));
        assertEquals(List.of(0x7fff), tables.partitions());
    }

    @Test
    void aDefaultRuleMissingMakesEveryoneLimitedButTheSm() throws Exception {
        PkeyTables tables = new PkeyCalculator(PkeyOptions.DEFAULTS)
                .compute(PartitionsFile.parse("A=0x5: ALL_CAS=full;", "p"), ft216());
        assertEquals(List.of(0x7fff, 0x8005, 0), head(tables.endPorts().get(caPort(2)).pkeys(), 3));
        assertEquals(List.of(0xffff, 0x8005, 0), head(tables.endPorts().get(caPort(1)).pkeys(), 3));
        assertEquals(List.of(0x7fff, 0), head(tables.endPorts().get(leaf(3)).pkeys(), 2));
        // a limited P_Key whose full twin is there is not repeated at the switch port; here there is none
        assertEquals(List.of(0x7fff, 0x8005, 0),
                head(tables.switchPorts().get(new SwitchPortKey(leaf(1), 2)).pkeys(), 3));
    }

    @Test
    void moreKeysThanPartitionCapAreDroppedAndEnforcementGoesOff() throws Exception {
        StringBuilder file = new StringBuilder("Default=0x7fff: ALL=full;\n");
        for (int p = 1; p <= 70; p++) {
            file.append("P").append(p).append("=").append(p).append(": ALL_CAS=full;\n");
        }
        PkeyTables tables = new PkeyCalculator(PkeyOptions.DEFAULTS).compute(PartitionsFile.parse(file.toString(), "p"),
                ft216());
        PkeyTables.PortTable host = tables.endPorts().get(caPort(9));
        assertEquals(0xffff, host.pkeys().get(0));
        assertEquals(0x8001, host.pkeys().get(1));
        assertEquals(0x803f, host.pkeys().get(63));
        assertEquals(7, host.dropped().size()); // 71 P_Keys, 64 entries
        assertEquals(0x8040, host.dropped().get(0));
        PkeyTables.SwitchPortTable facing = tables.switchPorts().get(new SwitchPortKey(leaf(3), 1));
        assertEquals(64, facing.pkeys().size());
        assertEquals(PkeyOptions.Enforcement.OFF, facing.enforcement()); // a full table: OpenSM turns it off
    }

    @Test
    void indexesSurviveTheNextSweep() throws Exception {
        PkeyCalculator calculator = new PkeyCalculator(PkeyOptions.DEFAULTS);
        List<PartitionPort> ports = ft216();
        PkeyTables first = calculator.compute(PartitionsFile.parse(FILE, "p"), ports);
        // the next sweep reads back what was written, and the file lost a partition
        List<PartitionPort> again = ports.stream().map(p -> new PartitionPort(p.nodeType(), p.nodeGuid(), p.portGuid(),
                p.portNumber(), p.partitionCap(), p.smPort(), first.endPorts().get(p.portGuid()).pkeys(), p.peer()))
                .toList();
        PkeyTables second = calculator
                .compute(PartitionsFile.parse(FILE.replace("Compute=0x0002,defmember=full: ALL_CAS;", ""), "p"), again);
        // 0x8002 is gone; the others keep their indexes (a hole stays at 2)
        assertEquals(List.of(0xffff, 0x8001, 0, 0x0003, 0), head(second.endPorts().get(caPort(3)).pkeys(), 5));
    }
}
