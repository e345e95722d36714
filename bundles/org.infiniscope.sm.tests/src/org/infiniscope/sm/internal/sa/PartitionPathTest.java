package org.infiniscope.sm.internal.sa;

import static org.infiniscope.sm.internal.sa.SaFixture.record;
import static org.infiniscope.sm.internal.sa.SaFixture.status;
import static org.infiniscope.sm.internal.sa.SaFixture.table;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.infiniscope.mad.Gid;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.SaStatus;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.topology.Generators;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Partitions: hosts h00002..h00008 are full members of 0x8001, h00009..h00016 of 0x8002, all of them limited members
 * of the default partition; the SM's host h00001 is a full default member. A path exists only between ports that
 * share a P_Key with at least one full member.
 */
class PartitionPathTest {

    private static SaFixture fx;
    private static MadTransport client;

    @BeforeAll
    static void up() throws Exception {
        fx = new SaFixture(SimSubnet.up(Generators.fatTree2(4, 2, 4), (node, port) -> {
            int n = Integer.parseInt(node.substring(1));
            return n == 1 ? List.of(0xFFFF) : List.of(0x7FFF, n <= 8 ? 0x8001 : 0x8002);
        }));
        client = fx.client("h00005");
    }

    @AfterAll
    static void down() {
        fx.close();
    }

    private static int lid(int host) {
        return fx.sim.lid(String.format("h%05d", host));
    }

    private static byte[] pair(int slid, int dlid, int pKey) {
        byte[] t = new byte[SaMad.DATA_LENGTH];
        PathRecord.CODEC.encode(new PathRecord(0, Gid.ZERO, Gid.ZERO, dlid, slid, false, 0, 0, 0, false, 0, pKey, 0, 0,
                0, 0, 0, 0, 0, 0, 0), t, 0);
        return t;
    }

    private static final long LIDS = PathRecord.Components.SLID | PathRecord.Components.DLID;

    @Test
    void membersOfOnePartitionHaveAPathInIt() throws Exception {
        PathRecord p = record(fx.ask(client, Method.GET, PathRecord.ATTRIBUTE_ID, 0, LIDS, pair(lid(3), lid(7), 0)),
                PathRecord.CODEC);
        assertEquals(0x8001, p.pKey());
        p = record(fx.ask(client, Method.GET, PathRecord.ATTRIBUTE_ID, 0, LIDS, pair(lid(10), lid(16), 0)),
                PathRecord.CODEC);
        assertEquals(0x8002, p.pKey());
    }

    @Test
    void membersOfTwoPartitionsHaveNoPath() throws Exception {
        assertEquals(SaStatus.status(SaStatus.ERR_NO_RECORDS),
                status(fx.ask(client, Method.GET, PathRecord.ATTRIBUTE_ID, 0, LIDS, pair(lid(3), lid(12), 0))));
        assertEquals(SaStatus.status(SaStatus.ERR_NO_RECORDS), status(fx.ask(client, Method.GET,
                PathRecord.ATTRIBUTE_ID, 0, LIDS | PathRecord.Components.P_KEY, pair(lid(3), lid(5), 0x8002))));
    }

    @Test
    void limitedMembersReachTheFullMemberOnly() throws Exception {
        PathRecord p = record(fx.ask(client, Method.GET, PathRecord.ATTRIBUTE_ID, 0, LIDS, pair(lid(12), lid(1), 0)),
                PathRecord.CODEC);
        assertEquals(0x7FFF, p.pKey(), "the limited member's key, shared with the full member");
    }

    @Test
    void aTableOfOneSourceHoldsOnlyItsPartition() throws Exception {
        List<PathRecord> paths = table(fx.ask(client, Method.GET_TABLE, PathRecord.ATTRIBUTE_ID, 0,
                PathRecord.Components.SLID, pair(lid(4), 0, 0)), PathRecord.CODEC);
        // h00002..h00008 (itself included) in 0x8001; h00001 and the 6 switches' port 0 (default partition, full
        // members) through 0x7FFF
        assertEquals(7 + 1 + 6, paths.size(), paths.toString());
        for (PathRecord p : paths) {
            boolean switchOrSm = fx.sim.subnet().byLid(p.dlid()).orElseThrow().node().isSwitch() || p.dlid() == lid(1);
            assertEquals(switchOrSm ? 0x7FFF : 0x8001, p.pKey(), p.toString());
        }
    }
}
