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

    /** allow_both_pkeys TRUE, as OpenSM 3.3.23 wrote it on a fresh ibsim (ft2-16, OpenSM on h00001). */
    @Test
    void bothMembershipsWithAllowBothPkeys() throws Exception {
        String file = """
                Default=0x7fff: ALL=full;
                A=0x5: ALL=both;
                B=0x6: ALL_CAS=full, 0x0008f10400000201=both, 0x0008f10400000301=limited;
                C=0x7, defmember=both: 0x0008f10400000401, ALL_SWITCHES;
                C=0x7: 0x0008f10400000401=full;
                """;
        PkeyTables tables = new PkeyCalculator(new PkeyOptions(true, true, PkeyOptions.Enforcement.BOTH))
                .compute(PartitionsFile.parse(file, "p"), ft216());
        assertEquals(List.of(0xffff, 0x0005, 0x8005, 0x8006, 0), head(tables.endPorts().get(caPort(1)).pkeys(), 5));
        assertEquals(List.of(0xffff, 0x0005, 0x8005, 0x0006, 0x8006, 0),
                head(tables.endPorts().get(caPort(2)).pkeys(), 6));
        assertEquals(List.of(0xffff, 0x0005, 0x8005, 0x0006, 0), head(tables.endPorts().get(caPort(3)).pkeys(), 5));
        assertEquals(List.of(0xffff, 0x0005, 0x8005, 0x8006, 0x8007, 0),
                head(tables.endPorts().get(caPort(4)).pkeys(), 6));
        assertEquals(List.of(0xffff, 0x0005, 0x8005, 0x0007, 0x8007, 0),
                head(tables.endPorts().get(leaf(1)).pkeys(), 6));
        assertEquals(List.of(0xffff, 0x8005, 0x8006, 0),
                head(tables.switchPorts().get(new SwitchPortKey(leaf(1), 2)).pkeys(), 4));
        assertEquals(List.of(0xffff, 0x8005, 0x0006, 0),
                head(tables.switchPorts().get(new SwitchPortKey(leaf(1), 3)).pkeys(), 4));
        assertEquals(List.of(0xffff, 0x8005, 0x8006, 0x8007, 0),
                head(tables.switchPorts().get(new SwitchPortKey(leaf(1), 4)).pkeys(), 5));
    }

    /**
     * One ibsim, two OpenSMs one after the other: the second finds the tables the first wrote (switch port 0 full at
     * 8 entries, 0x8018 dropped), keeps what it can where it is, puts the indx0 P_Key at 0, fills holes once the
     * table is full, and drops the default P_Key when no index is left for it (OpenSM searches no hole for it).
     */
    @Test
    void aSecondSmKeepsTheIndexesItFindsAndFillsHoles() throws Exception {
        String first = """
                Default=0x7fff: ALL=full;
                P1=0x11: ALL=full;
                P2=0x12: ALL;
                P3=0x13:ALL;
                P4=0x14: ALL=full;
                P5=0x15: ALL=full;
                P6=0x16: ALL=full;
                P7=0x17: ALL=full;
                P8=0x18: ALL_SWITCHES=full;
                """;
        String second = """
                Default=0x7fff: ALL=full;
                P9=0x19: ALL=full;
                P2=0x12: ALL;
                P4=0x14: ALL=full;
                P5=0x15: ALL=full;
                P6=0x16,indx0: ALL=full;
                P7=0x17: ALL=full;
                PA=0x1a: ALL_SWITCHES;
                """;
        PkeyTables before = new PkeyCalculator(PkeyOptions.DEFAULTS).compute(PartitionsFile.parse(first, "1"), ft216());
        assertEquals(List.of(0xffff, 0x8011, 0x0012, 0x0013, 0x8014, 0x8015, 0x8016, 0x8017, 0),
                head(before.endPorts().get(caPort(1)).pkeys(), 9));
        assertEquals(List.of(0xffff, 0x8011, 0x0012, 0x0013, 0x8014, 0x8015, 0x8016, 0x8017),
                head(before.endPorts().get(leaf(1)).pkeys(), 8));
        assertEquals(List.of(0x8018), before.endPorts().get(leaf(1)).dropped());
        List<PartitionPort> found = ft216().stream()
                .map(p -> new PartitionPort(p.nodeType(), p.nodeGuid(), p.portGuid(), p.portNumber(), p.partitionCap(),
                        p.smPort(), before.endPorts().get(p.portGuid()).pkeys(), p.peer()))
                .toList();
        PkeyTables after = new PkeyCalculator(PkeyOptions.DEFAULTS).compute(PartitionsFile.parse(second, "2"), found);
        assertEquals(List.of(0x8016, 0, 0x0012, 0, 0x8014, 0x8015, 0, 0x8017, 0x8019, 0xffff, 0),
                head(after.endPorts().get(caPort(1)).pkeys(), 11));
        assertEquals(List.of(0x8016, 0x8019, 0x0012, 0x001a, 0x8014, 0x8015, 0, 0x8017),
                head(after.endPorts().get(leaf(1)).pkeys(), 8));
        assertEquals(List.of(0xffff), after.endPorts().get(leaf(1)).dropped());
        assertEquals(List.of(0x8016, 0x0012, 0x8014, 0x8015, 0x8017, 0x8019, 0xffff, 0),
                head(after.switchPorts().get(new SwitchPortKey(leaf(1), 2)).pkeys(), 8));
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
