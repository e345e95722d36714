package org.infiniscope.diag.internal;

import java.time.Duration;
import java.util.List;

import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.umad.UmadCa;
import org.infiniscope.mad.umad.UmadPort;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * The local CA of a fabric without libibumad (the embedded simulator), described from the attach point's own
 * NodeInfo and PortInfo (directed-route SMPs to this port) the way umad2sim describes the CA of an ibsim client in
 * the sysfs it fakes, so that {@code stat} prints on {@code sim} what Debian's ibstat prints on the ibsim lab: the
 * name {@code ibsim0}, CA type {@code simulator}, firmware version {@code 1} (ibsim's, as no simulator models
 * firmware there), the hardware version as NodeInfo's revision in hex, only the attach port, and link layer
 * {@code IB} (libibumad's word when sysfs has no link_layer file).
 */
final class SimCa {

    /** The name umad2sim gives the one CA an ibsim client sees. */
    static final String NAME = "ibsim0";
    static final String TYPE = "simulator";
    /** The firmware version ibsim reports for every node (its GET_VENDOR answer). */
    static final String FIRMWARE = "1";
    /** What libibumad says when sysfs has no link_layer file, as under umad2sim. */
    static final String LINK_LAYER = "IB";

    private SimCa() {
    }

    static UmadCa read(MadTransport transport, Duration timeout) throws QueryException {
        TransportGetter here = new TransportGetter(transport, Destination.directed(List.of(0)), timeout);
        NodeInfo node = decode(here.get(NodeInfo.ATTRIBUTE_ID, 0), NodeInfo.CODEC, "NodeInfo");
        int portNumber = node.nodeType() == NodeInfo.TYPE_SWITCH ? 0 : node.localPortNum();
        PortInfo info = decode(here.get(PortInfo.ATTRIBUTE_ID, portNumber), PortInfo.CODEC, "PortInfo");
        UmadPort port = new UmadPort(portNumber, info.lid(), info.lmc(), info.masterSmLid(), info.masterSmSl(),
                info.portState(), info.portPhysicalState(), rate(info), info.capabilityMask(), info.gidPrefix(),
                node.portGuid(), LINK_LAYER);
        return new UmadCa(NAME, node.nodeType(), portNumber, FIRMWARE, TYPE, Integer.toHexString(node.revision()),
                node.nodeGuid(), node.systemImageGuid(), List.of(port));
    }

    /**
     * @return the rate as umad2sim writes it to sysfs and libibumad reads it back (the integer part, in Gb/s): the
     *         active width times the active speed, FDR (14) or EDR (26) per lane when an extended speed is active
     */
    static int rate(PortInfo info) {
        int lanes = switch (info.linkWidthActive()) {
            case 1 -> 1;
            case 2 -> 4;
            case 4 -> 8;
            case 8 -> 12;
            default -> 0;
        };
        int extended = (info.capabilityMask() & PortInfo.CAP_EXTENDED_SPEEDS) != 0 ? info.linkSpeedExtActive() : 0;
        if (extended == 0) {
            return lanes * info.linkSpeedActive() * 25 / 10;
        }
        return extended == 1 ? 14 * lanes : 26 * lanes;
    }

    private static <T> T decode(byte[] mad, AttributeCodec<T> codec, String what) throws QueryException {
        try {
            return Smp.decodeAttribute(mad, codec);
        } catch (MadFormatException | IllegalArgumentException e) {
            throw new QueryException("malformed " + what + " of this port: " + e.getMessage());
        }
    }
}
