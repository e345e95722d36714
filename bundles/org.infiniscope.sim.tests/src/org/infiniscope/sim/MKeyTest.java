package org.infiniscope.sim;

import static org.infiniscope.sim.ClockedLine.H2;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.Notice;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.PortInfoBuilder;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.smp.TrapDetails;
import org.infiniscope.mad.wire.MadFormatException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** M_Key protection (IBA 14.2.4) at h2: the levels, the violation counter, trap 256 and the lease. */
class MKeyTest {

    private static final long KEY = 0x1234_5678_9ABC_DEF0L;
    private static final long WRONG = 0x99;
    private static final int[] TO_H2 = {1, 2, 1};

    private final ClockedLine line = new ClockedLine();

    private void protect(int level, int leaseSeconds) throws MadFormatException {
        line.configure();
        line.repressAll();
        line.setPortInfo(0, b -> b.mKey(KEY).mKeyProtectBits(level).mKeyLeasePeriod(leaseSeconds), TO_H2);
    }

    private byte[] getNodeInfo(long key) {
        return line.dr(key, Method.GET, NodeInfo.ATTRIBUTE_ID, 0, new byte[0], TO_H2);
    }

    private PortInfo keyedPortInfo() throws MadFormatException {
        return ClockedLine.ok(line.dr(KEY, Method.GET, PortInfo.ATTRIBUTE_ID, 0, new byte[0], TO_H2))
                .attribute(PortInfo.CODEC);
    }

    private byte[] setWithout(long key) throws MadFormatException {
        PortInfo same = PortInfoBuilder.from(keyedPortInfo()).portState(0).portPhysicalState(0).build();
        byte[] data = new byte[Smp.DATA_LENGTH];
        PortInfo.CODEC.encode(same, data, 0);
        return line.dr(key, Method.SET, PortInfo.ATTRIBUTE_ID, 0, data, TO_H2);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void eachLevelRefusesWhatTheSpecTableSays(int level) throws MadFormatException {
        protect(level, 0);
        byte[] get = line.dr(WRONG, Method.GET, PortInfo.ATTRIBUTE_ID, 0, new byte[0], TO_H2);
        if (level < 2) {
            assertEquals(level == 0 ? KEY : 0, ClockedLine.ok(get).attribute(PortInfo.CODEC).mKey(),
                    "level 0 shows the key, level 1 hides it");
        } else {
            assertNull(get, "levels 2 and 3 drop a Get with the wrong key");
        }
        assertNull(setWithout(WRONG), "a Set with the wrong key fails at every level");
        org.infiniscope.sim.internal.Notice pending = line.engine.notices().peekLast();
        assertNotNull(pending, "trap 256 for the Set");
        int violations = (level < 2 ? 1 : 2);
        assertEquals(violations, keyedPortInfo().mKeyViolations());
        assertNotNull(getNodeInfo(KEY), "the right key always passes");
        assertNotNull(setWithout(KEY));
        assertEquals(violations, keyedPortInfo().mKeyViolations(), "and is no violation");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void aTrapRepressWithTheWrongKeyIsAViolationAtEveryLevel(int level) throws MadFormatException {
        line.configure();
        line.repressAll();
        line.setPortInfo(0, b -> b.mKey(KEY).mKeyProtectBits(level), 1, 2);
        line.setPortInfo(KEY, 3, b -> b.portPhysicalState(3), 1, 2);
        org.infiniscope.sim.internal.Notice trap128 = line.drain().get(0);
        assertEquals(ClockedLine.SW2, trap128.node());
        assertNull(line.repress(trap128, WRONG));
        assertEquals(1, ClockedLine.ok(line.dr(KEY, Method.GET, PortInfo.ATTRIBUTE_ID, 0, new byte[0], 1, 2))
                .attribute(PortInfo.CODEC).mKeyViolations(), "a violation at level " + level);
        line.engine.poll(line.now.get() + ClockedLine.RESEND_NANOS);
        List<org.infiniscope.sim.internal.Notice> after = line.drain();
        assertTrue(after.stream().anyMatch(n -> n.node() == ClockedLine.SW2 && n.mad()[3] == Method.TRAP
                && java.util.Arrays.equals(n.mad(), trap128.mad())), "not repressed: re-sent");
        assertNull(line.repress(trap128, KEY));
        line.engine.poll(line.now.get() + 2 * ClockedLine.RESEND_NANOS);
        assertTrue(line.drain().stream().noneMatch(n -> java.util.Arrays.equals(n.mad(), trap128.mad())),
                "repressed with the key");
    }

    @Test
    void aViolationSendsTrap256WithTheSmpsRoute() throws MadFormatException {
        protect(2, 0);
        assertNull(getNodeInfo(WRONG));
        List<org.infiniscope.sim.internal.Notice> traps = line.drain();
        assertEquals(1, traps.size());
        assertEquals(H2, traps.get(0).node());
        assertEquals(1, traps.get(0).dlid());
        Notice n = Smp.decode(traps.get(0).mad()).attribute(Notice.CODEC);
        assertEquals(256, n.trapNumberOrDeviceId());
        assertEquals(2, n.type(), "security");
        assertEquals(4, n.issuerLid());
        TrapDetails.BadMKey bad = (TrapDetails.BadMKey) n.details();
        assertEquals(4, bad.lid());
        assertEquals(Method.GET, bad.method());
        assertEquals(NodeInfo.ATTRIBUTE_ID, bad.attributeId());
        assertEquals(WRONG, bad.mKey(), "the key it carried");
        assertTrue(bad.drNotice());
        assertEquals(3, bad.drHopCount());
        assertEquals(0xFFFF, bad.drSlid());
        assertEquals(List.of(0, 1, 2, 1), bad.drReturnPath().subList(0, 4), "the ports it came in by");
    }

    @Test
    void theLeaseEndsTheProtectionUnlessTheRightKeyCameBack() throws MadFormatException {
        protect(2, 5);
        long start = line.now.get();
        assertNull(getNodeInfo(WRONG), "a violation starts the 5 s lease");
        line.engine.poll(start + 4_999_000_000L);
        assertNull(getNodeInfo(0), "still protected");
        line.now.set(start + 5_000_000_000L);
        line.engine.poll(line.now.get());
        assertNotNull(getNodeInfo(0), "the lease ran out: protection bits 0");
        assertEquals(0, line.portInfo(0, TO_H2).mKeyProtectBits());
        assertEquals(KEY, line.portInfo(0, TO_H2).mKey(), "level 0 shows the key");

        line.setPortInfo(KEY, 0, b -> b.mKeyProtectBits(2), TO_H2);
        start = line.now.get();
        assertNull(getNodeInfo(WRONG));
        line.now.set(start + 1_000_000_000L);
        assertNotNull(getNodeInfo(KEY), "the SM answers within the lease: the timer stops");
        line.now.set(start + 60_000_000_000L);
        line.engine.poll(line.now.get());
        assertNull(getNodeInfo(0), "still protected a minute later");
    }
}
