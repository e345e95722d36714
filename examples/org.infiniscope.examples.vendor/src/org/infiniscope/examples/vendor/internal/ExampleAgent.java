package org.infiniscope.examples.vendor.internal;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.infiniscope.mad.Method;
import org.infiniscope.mad.vendor.VendorMad;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.Octets;
import org.infiniscope.sim.SimAgent;
import org.infiniscope.sim.SimFabric;
import org.osgi.service.component.annotations.Component;

/**
 * What an Example Fabrics board's firmware answers, for the embedded simulator: BoardInfo and PortHealth from the
 * node the MAD reached, with counts of what it was asked.
 */
@Component(service = SimAgent.class)
public final class ExampleAgent implements SimAgent {

    private record PortRef(long nodeGuid, int port) {
    }

    private final Map<Long, AtomicLong> nodeMads = new ConcurrentHashMap<>();
    private final Map<Long, AtomicLong> answered = new ConcurrentHashMap<>();
    private final Map<PortRef, AtomicLong> healthReads = new ConcurrentHashMap<>();

    @Override
    public int mgmtClass() {
        return ExampleClass.MGMT_CLASS;
    }

    @Override
    public boolean answer(byte[] mad, SimFabric.NodeView node, int port) {
        VendorMad request;
        try {
            request = VendorMad.decode(mad);
        } catch (MadFormatException e) {
            return false; // not a MAD of ours: a board drops it
        }
        if (request.oui() != ExampleClass.OUI || request.header().isResponse()) {
            return false;
        }
        long received = nodeMads.computeIfAbsent(node.nodeGuid(), g -> new AtomicLong()).incrementAndGet();
        int length = VendorMad.dataLength(ExampleClass.MGMT_CLASS);
        int status = 0;
        byte[] data = new byte[length];
        if (request.header().method() != Method.GET) {
            status = ExampleClass.UNSUPPORTED_METHOD;
        } else if (request.attributeId() == ExampleClass.BOARD_INFO) {
            long before = answered.computeIfAbsent(node.nodeGuid(), g -> new AtomicLong()).get();
            data = new BoardInfo(node.name(), node.nodeGuid(), node.portCount(), before).encode(length);
        } else if (request.attributeId() == ExampleClass.PORT_HEALTH) {
            int p = request.attributeModifier();
            if (p < 0 || p > node.portCount() || (!node.isSwitch() && p == 0)) {
                status = ExampleClass.INVALID_MODIFIER;
            } else {
                long reads = healthReads.computeIfAbsent(new PortRef(node.nodeGuid(), p), k -> new AtomicLong())
                        .incrementAndGet();
                data = new PortHealth(p, received, reads).encode(length);
            }
        } else {
            status = ExampleClass.UNSUPPORTED_ATTRIBUTE;
        }
        answered.computeIfAbsent(node.nodeGuid(), g -> new AtomicLong()).incrementAndGet();
        byte[] response = new VendorMad(request.header().response(status), request.rmppHeader(), ExampleClass.OUI,
                Octets.of(data)).encode();
        System.arraycopy(response, 0, mad, 0, response.length);
        return true;
    }
}
