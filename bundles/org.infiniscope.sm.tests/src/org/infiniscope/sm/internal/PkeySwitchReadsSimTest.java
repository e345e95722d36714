package org.infiniscope.sm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.PKeyTable;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sm.SweepReport;
import org.infiniscope.sm.subnet.Subnet;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * The first sweep reads the P_Key tables of the switch ports facing end ports before writing them: those reads are in
 * flight together, not one round trip after another (on a fresh 432-host fabric, one after another was 432 round
 * trips). The test holds every such read back until a second, different one has been sent: reads sent one at a time
 * would wait for each other until their time-outs, and the sweep would report them lost.
 */
class PkeySwitchReadsSimTest {

    /** Holds the switch ports' P_Key Gets until two different ones were sent, then sends them all. */
    private static final class TwoAtOnce implements SimSm.CountingChannel.Hold {
        private final SimSm.CountingChannel channel;
        private final List<Object[]> held = new ArrayList<>();
        private final Set<String> distinct = new HashSet<>();
        private boolean open;
        int reads;

        TwoAtOnce(SimSm.CountingChannel channel) {
            this.channel = channel;
        }

        @Override
        public boolean held(byte[] mad, int length, MadAddress destination, int timeout) throws IOException {
            boolean switchPortRead = length >= 24 && (mad[1] & 0x7F) == 0x01 && mad[3] == Method.GET
                    && Bits.u16(mad, 16) == PKeyTable.ATTRIBUTE_ID && (mad[21] & 0xFF) != 0;
            if (!switchPortRead) {
                return false;
            }
            List<Object[]> release;
            synchronized (this) {
                reads++;
                if (open) {
                    return false;
                }
                byte[] key = Arrays.copyOf(mad, length);
                Arrays.fill(key, 8, 16, (byte) 0); // a retry differs in its transaction ID alone
                distinct.add(Arrays.toString(key));
                held.add(new Object[]{mad.clone(), length, destination, timeout});
                if (distinct.size() < 2) {
                    return true;
                }
                open = true;
                release = new ArrayList<>(held);
                held.clear();
            }
            for (Object[] h : release) {
                channel.release((byte[]) h[0], (Integer) h[1], (MadAddress) h[2], (Integer) h[3]);
            }
            return true;
        }
    }

    @Test
    void theSwitchPortsTablesAreReadTogether() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:4:2:4"));
        Path dir = Path.of("target", "sm-tests");
        Files.createDirectories(dir);
        Path conf = Files.createTempFile(dir, "partitions", ".conf");
        Files.writeString(conf, "Default=0x7fff : ALL, ALL_SWITCHES=full, SELF=full ;\n");
        Path guid2lid = Files.createTempFile(dir, "guid2lid", "");
        FabricPolicy policy = new FabricPolicy(PolicySettings.defaults(conf));
        try (SimSm sm = new SimSm(sim, sim.defaultAttachPoint(), SimSm.settings(guid2lid), policy)) {
            TwoAtOnce hold = new TwoAtOnce(sm.channel);
            sm.channel.hold = hold;
            sm.start();
            Subnet up = sm.awaitUp();
            assertTrue(up.nodes().size() > 0);
            SweepReport first = sm.reports.get(0);
            assertEquals(java.util.Optional.empty(), first.problem(), "no P_Key read was lost");
            synchronized (hold) {
                assertTrue(hold.open && hold.reads >= 2, "switch port P_Key tables were read: " + hold.reads);
                assertEquals(hold.reads, policy.pkeys().blocksRead - policy.pkeys().endBlocksRead,
                        "each switch port's table read once, none retried");
            }
        }
    }
}
