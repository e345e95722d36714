package org.infiniscope.sm.internal;

import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.SwitchInfo;

/**
 * A node as one heavy sweep read it, and what the sweep then sets in it: mutable, owned by the sweep's thread.
 */
final class SmNode {

    final DiscoveredNode discovered;
    final int[] route;
    NodeInfo info;
    SwitchInfo switchInfo;
    /** PortInfo by port number, as read and then as set; null: not read (down, or a CA port not reached). */
    final PortInfo[] ports;
    /** The directed route to each port (a CA port through the switch it is cabled to); null: none known. */
    final int[][] portRoutes;
    /** The far end of each port: node index and port, -1 when none. */
    final int[] peerNode;
    final int[] peerPort;
    /** The P_Keys of each CA or router port (block 0, valid entries), as read and then as set; null: unread. */
    final java.util.List<Integer>[] pKeys;
    /** Block 0 of each CA or router port's P_Key table as this sweep read it, every entry; null: unread. */
    final int[][] pKeyBlock0;
    /** The LID and LMC given to each endport by the LID phase (a switch: port 0 only). */
    final int[] lid;
    final int[] lmc;

    SmNode(DiscoveredNode discovered) {
        this.discovered = discovered;
        this.route = Smps.route(discovered.route());
        int n = discovered.portCount() + 1;
        ports = new PortInfo[n];
        portRoutes = new int[n][];
        peerNode = new int[n];
        peerPort = new int[n];
        @SuppressWarnings("unchecked")
        java.util.List<Integer>[] keys = new java.util.List[n];
        pKeys = keys;
        pKeyBlock0 = new int[n][];
        lid = new int[n];
        lmc = new int[n];
        java.util.Arrays.fill(peerNode, -1);
        java.util.Arrays.fill(peerPort, -1);
    }

    boolean isSwitch() {
        return discovered.isSwitch();
    }

    long guid() {
        return discovered.nodeGuid();
    }

    int portCount() {
        return discovered.portCount();
    }

    /** @return whether port {@code p} is an endport: a switch's port 0, or a CA or router port that was read */
    boolean isEndport(int p) {
        return isSwitch() ? p == 0 : p >= 1 && ports[p] != null;
    }

    /** @return the port GUID of port {@code p} (a switch's ports share port 0's) */
    long portGuid(int p) {
        return discovered.port(isSwitch() ? 0 : p).map(x -> x.portGuid()).orElse(0L);
    }

    /** @return the route an SMP for port {@code p} takes (a switch: its own route) */
    int[] routeTo(int p) {
        return isSwitch() || portRoutes[p] == null ? route : portRoutes[p];
    }

    @Override
    public String toString() {
        return String.format("%s 0x%016x", discovered.description(), guid());
    }
}
