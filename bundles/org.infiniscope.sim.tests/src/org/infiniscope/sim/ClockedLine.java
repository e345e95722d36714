package org.infiniscope.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;

import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.smp.LinearForwardingTable;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.PortInfoBuilder;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.sim.internal.Engine;
import org.infiniscope.sim.internal.Notice;

/**
 * {@link LineFabric}'s topology on an {@link Engine} with a clock the test moves, for traps, re-sends and M_Key
 * leases. {@link #configure()} does what an SM at h1 does: LIDs h1 1, sw1 2, sw2 3, h2 4, sw3 5, h3 6, SM LID 1
 * everywhere, every cabled port Active, LFTs to every LID.
 */
final class ClockedLine {

    static final int H1 = 0, H2 = 1, H3 = 2, SW1 = 3, SW2 = 4, SW3 = 5;
    /** SubnetTimeOut given to every port: traps are re-sent after 4.096 µs × 2^10, about 4.2 ms. */
    static final int SUBNET_TIMEOUT = 10;
    static final long RESEND_NANOS = 4096L << SUBNET_TIMEOUT;

    final AtomicLong now = new AtomicLong(1_000_000);
    final Engine engine = new Engine(LineFabric.topology(), now::get);
    private long tid = 1;

    /** @return the answer to an SMP from h1 port 1, or null when it was lost */
    byte[] send(byte[] mad, MadAddress to) {
        return engine.exchange(H1, 1, mad, mad.length, to) != null ? mad : null;
    }

    byte[] dr(long mKey, int method, int attribute, int modifier, byte[] data, int... path) {
        return send(Smp.directedRoute(method, tid++, attribute, modifier, mKey, path, data).encode(),
                MadAddress.directedRoute());
    }

    byte[] drGet(int attribute, int modifier, int... path) {
        return dr(0, Method.GET, attribute, modifier, new byte[0], path);
    }

    <T> byte[] drSet(long mKey, AttributeCodec<T> codec, int modifier, T value, int... path) {
        byte[] data = new byte[Smp.DATA_LENGTH];
        codec.encode(value, data, 0);
        return dr(mKey, Method.SET, codec.attributeId(), modifier, data, path);
    }

    byte[] lid(long mKey, int method, int attribute, int modifier, byte[] data, int dlid) {
        return send(Smp.lidRouted(method, tid++, attribute, modifier, mKey, data).encode(), MadAddress.smi(dlid));
    }

    PortInfo portInfo(int port, int... path) throws MadFormatException {
        return ok(drGet(PortInfo.ATTRIBUTE_ID, port, path)).attribute(PortInfo.CODEC);
    }

    static Smp ok(byte[] answer) throws MadFormatException {
        assertNotNull(answer, "an answer");
        Smp smp = Smp.decode(answer);
        assertEquals(MadStatus.OK, smp.status(), MadStatus.describe(smp.status()));
        return smp;
    }

    /** Sets a port's PortInfo as {@code edit} changes what a Get showed (state and physical state left alone). */
    void setPortInfo(int port, UnaryOperator<PortInfoBuilder> edit, int... path) throws MadFormatException {
        setPortInfo(0, port, edit, path);
    }

    /** {@link #setPortInfo(int, UnaryOperator, int...)} with an M_Key. */
    void setPortInfo(long mKey, int port, UnaryOperator<PortInfoBuilder> edit, int... path) throws MadFormatException {
        PortInfo now = ok(dr(mKey, Method.GET, PortInfo.ATTRIBUTE_ID, port, new byte[0], path))
                .attribute(PortInfo.CODEC);
        PortInfoBuilder b = PortInfoBuilder.from(now).portState(0).portPhysicalState(0);
        ok(drSet(mKey, PortInfo.CODEC, port, edit.apply(b).build(), path));
    }

    void configure() throws MadFormatException {
        lidAndSm(1, 0);
        lidAndSm(2, 0, 1);
        lidAndSm(3, 0, 1, 2);
        lidAndSm(4, 0, 1, 2, 1);
        lidAndSm(5, 0, 1, 2, 3);
        lidAndSm(6, 0, 1, 2, 3, 2);
        route(new int[]{0, 1, 0, 2, 2, 2, 2}, 1);
        route(new int[]{0, 2, 2, 0, 1, 3, 3}, 1, 2);
        route(new int[]{0, 1, 1, 1, 1, 0, 2}, 1, 2, 3);
        int[][] links = {{1}, {1, 1}, {2, 1}, {2, 1, 2}, {1, 1, 2}, {1, 1, 2, 1}, {3, 1, 2}, {1, 1, 2, 3}, {2, 1, 2, 3},
                {1, 1, 2, 3, 2}};
        for (int state : new int[]{3, 4}) {
            for (int[] at : links) {
                int[] path = java.util.Arrays.copyOfRange(at, 1, at.length);
                setPortInfo(at[0], b -> b.portState(state), path);
            }
        }
    }

    private void lidAndSm(int lid, int port, int... path) throws MadFormatException {
        setPortInfo(port, b -> b.lid(lid).masterSmLid(1).subnetTimeout(SUBNET_TIMEOUT), path);
    }

    private void route(int[] lidToPort, int... path) throws MadFormatException {
        List<Integer> ports = new ArrayList<>(Collections.nCopies(64, LinearForwardingTable.NO_ROUTE));
        for (int lid = 1; lid < lidToPort.length; lid++) {
            ports.set(lid, lidToPort[lid]);
        }
        ok(drSet(0, LinearForwardingTable.CODEC, 0, new LinearForwardingTable(ports), path));
    }

    /** @return the traps queued so far, taken out of the queue */
    List<Notice> drain() {
        List<Notice> out = new ArrayList<>(engine.notices());
        engine.notices().clear();
        return out;
    }

    /** The SM's TrapRepress for a trap it got: LID-routed from h1 to the trap's source, same TID and Notice. */
    byte[] repress(Notice trap, long mKey) throws MadFormatException {
        Smp smp = Smp.decode(trap.mad());
        MadHeader h = smp.header();
        MadHeader header = new MadHeader(MadHeader.BASE_VERSION, MgmtClass.SUBN_LID_ROUTED, 1, Method.TRAP_REPRESS, 0,
                0, h.transactionId(), h.attributeId(), h.attributeModifier());
        byte[] mad = Smp.of(header, mKey, 0, 0, smp.data(), new byte[0], new byte[0]).encode();
        int issuer = org.infiniscope.mad.smp.Notice.CODEC.decode(trap.mad(), Smp.DATA_OFFSET).issuerLid();
        return send(mad, MadAddress.smi(issuer));
    }

    /** Represses every trap waiting. @return the nodes that sent them, in order */
    List<Integer> repressAllNodes() throws MadFormatException {
        List<Notice> traps = drain();
        for (Notice trap : traps) {
            assertEquals(null, repress(trap, 0), "nothing answers a TrapRepress");
        }
        return traps.stream().map(Notice::node).toList();
    }

    /** Represses every trap queued so far, as an SM that got them does. */
    void repressAll() throws MadFormatException {
        for (Notice trap : drain()) {
            assertEquals(null, repress(trap, 0), "nothing answers a TrapRepress");
        }
    }
}
