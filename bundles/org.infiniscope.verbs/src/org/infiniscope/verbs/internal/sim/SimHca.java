package org.infiniscope.verbs.internal.sim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.Node;
import org.infiniscope.verbs.Device;
import org.infiniscope.verbs.DeviceAttr;

/**
 * A simulated HCA on a CA node of the fabric: its QPs by number, its memory regions by key, the contexts open on
 * it and the doorbell pages (UAR) they hold. Guarded by the {@link SimWire}'s lock.
 */
public final class SimHca {

    /** Doorbell pages a context maps, as mlx5 maps its first UAR pages at open. */
    static final int UARS_PER_CONTEXT = 2;
    static final int COMP_VECTORS = 4;

    final SimWire wire;
    final Node node;
    final Device device;
    final Map<Integer, SimQp> qps = new HashMap<>();
    final Map<Integer, SimMr> mrs = new HashMap<>();
    final List<SimContext> contexts = new ArrayList<>();
    int uars;
    int pds;
    int cqs;
    int srqs;
    int ahs;
    long pinnedPages;
    volatile boolean present = true;
    private int nextQpn = 0x100;
    private int nextKey = 0x1000;

    SimHca(SimWire wire, Node node, String name) {
        this.wire = wire;
        this.node = node;
        this.device = new Device(name, node.nodeGuid(), "sim");
    }

    SimFabric.AttachPoint port(int port) {
        return wire.fabric.attachPoint(node.name(), port);
    }

    int allocQpn() {
        while (qps.containsKey(nextQpn)) {
            nextQpn = (nextQpn + 1) & 0xFFFFFF;
            if (nextQpn < 2) {
                nextQpn = 2;
            }
        }
        return nextQpn++;
    }

    int allocKey() {
        while (mrs.containsKey(nextKey)) {
            nextKey++;
        }
        return nextKey++;
    }

    DeviceAttr attr() {
        return new DeviceAttr("16.35.1012-sim", node.nodeGuid(), node.systemImageGuid(), node.vendorId(),
                node.deviceId(), Long.MAX_VALUE, 0xFFFFF000L, 1 << 16, 32768, 30, 1 << 16, 4194303, 1 << 20, 1 << 20,
                16, 16, 1 << 16, 32767, 1, node.portCount(), COMP_VECTORS);
    }
}
