package org.infiniscope.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.LinearForwardingTable;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.PortInfoBuilder;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.Topology;

/**
 * A small fabric built by hand for the tests: {@code h1 - sw1 - sw2 - sw3 - h3}, with {@code h2} on sw2 port 1.
 * sw1: port 1 h1, port 2 sw2, ports 3–4 uncabled. sw2: port 1 h2, port 2 sw1, port 3 sw3. sw3: port 1 sw2,
 * port 2 h3.
 */
final class LineFabric {

    static final long H1 = 0x100, H2 = 0x200, H3 = 0x300, SW1 = 0x1000, SW2 = 0x2000, SW3 = 0x3000;

    final SimFabric fabric;
    final SimFabric.AttachPoint h1;
    private long tid = 1;

    /** The fabric in real time. */
    LineFabric() {
        this(SimClock.system());
    }

    /** The fabric on a clock. */
    LineFabric(SimClock clock) {
        fabric = SimFabric.of(topology(), clock);
        h1 = fabric.attachPoint("h1", 1);
    }

    static Topology topology() {
        return new Topology(
                List.of(ca("h1", H1), ca("h2", H2), ca("h3", H3), sw("sw1", SW1), sw("sw2", SW2), sw("sw3", SW3)),
                List.of(Link.of("h1", 1, "sw1", 1), Link.of("sw1", 2, "sw2", 2), Link.of("sw2", 1, "h2", 1),
                        Link.of("sw2", 3, "sw3", 1), new Link("sw3", 2, "h3", 1, 8 | 2, 4 | 2 | 1, 0)),
                Topology.DEFAULT_WIDTH, Topology.DEFAULT_SPEED, 0);
    }

    private static Node ca(String name, long guid) {
        return new Node(NodeType.CA, name, 1, guid, guid, List.of(0L, guid + 1), 0x02c9, 0x1017);
    }

    private static Node sw(String name, long guid) {
        return new Node(NodeType.SWITCH, name, 4, guid, guid, List.of(guid), 0x02c9, 0xcf08);
    }

    /** @return the answer to a directed-route SMP from h1, or null when it was lost */
    byte[] dr(int method, int attribute, int modifier, byte[] data, int... path) {
        byte[] mad = Smp.directedRoute(method, tid++, attribute, modifier, 0, path, data).encode();
        return fabric.exchange(h1, mad, mad.length, MadAddress.directedRoute()) != null ? mad : null;
    }

    byte[] drGet(int attribute, int modifier, int... path) {
        return dr(Method.GET, attribute, modifier, new byte[0], path);
    }

    <T> byte[] drSet(AttributeCodec<T> codec, int modifier, T value, int... path) {
        byte[] data = new byte[Smp.DATA_LENGTH];
        codec.encode(value, data, 0);
        return dr(Method.SET, codec.attributeId(), modifier, data, path);
    }

    /** @return the answer to a LID-routed SMP from h1, or null */
    byte[] lidGet(int attribute, int modifier, int lid) {
        byte[] mad = Smp.lidRouted(Method.GET, tid++, attribute, modifier, 0, new byte[0]).encode();
        return fabric.exchange(h1, mad, mad.length, MadAddress.smi(lid)) != null ? mad : null;
    }

    PortInfo portInfo(int port, int... path) throws MadFormatException {
        return Smp.decode(drGet(PortInfo.ATTRIBUTE_ID, port, path)).attribute(PortInfo.CODEC);
    }

    static int status(byte[] answer) throws MadFormatException {
        assertNotNull(answer);
        return Smp.decode(answer).status();
    }

    /** LIDs h1 1, sw1 2, sw2 3, h2 4; every port on the way Active, as an SM leaves them. */
    void assignLids() throws MadFormatException {
        setLid(1, 0);
        setLid(2, 0, 1);
        setLid(3, 0, 1, 2);
        setLid(4, 0, 1, 2, 1);
        activate(1, 1);
        activate(1);
        activate(2, 1);
        activate(2, 1, 2);
        activate(1, 1, 2);
        activate(1, 1, 2, 1);
    }

    void setLid(int lid, int port, int... path) throws MadFormatException {
        PortInfo p = PortInfoBuilder.from(portInfo(port, path)).lid(lid).portState(0).portPhysicalState(0).build();
        assertEquals(MadStatus.OK, status(drSet(PortInfo.CODEC, port, p, path)));
    }

    void activate(int port, int... path) throws MadFormatException {
        for (int state : new int[]{3, 4}) {
            PortInfo p = PortInfoBuilder.from(portInfo(port, path)).portState(state).portPhysicalState(0).build();
            assertEquals(MadStatus.OK, status(drSet(PortInfo.CODEC, port, p, path)));
        }
    }

    void route(int[] lidToPort, int... path) throws MadFormatException {
        List<Integer> ports = new ArrayList<>(Collections.nCopies(64, LinearForwardingTable.NO_ROUTE));
        for (int lid = 1; lid < lidToPort.length; lid++) {
            ports.set(lid, lidToPort[lid]);
        }
        assertEquals(MadStatus.OK,
                status(drSet(LinearForwardingTable.CODEC, 0, new LinearForwardingTable(ports), path)));
    }
}
