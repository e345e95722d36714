package org.infiniscope.cm.internal;

import org.infiniscope.cm.CmAddress;
import org.infiniscope.cm.CmException;
import org.infiniscope.cm.CmRoute;
import org.infiniscope.mad.Gid;
import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.Node;

/**
 * Addresses and routes on a simulated fabric, read from the fabric as its SM configured it: a node's name, a LID or
 * a GID names a CA port; the route is the LID-routed path between the two ports, at the smallest NeighborMTU along
 * it (as an SA's PathRecord), with the default SL, rate and P_Key, as an SA gives them for a fabric without QoS.
 */
public final class FabricResolver implements Resolver {

    private final SimFabric fabric;

    public FabricResolver(SimFabric fabric) {
        this.fabric = fabric;
    }

    @Override
    public Target target(CmAddress address) throws CmException {
        if (address instanceof CmAddress.ByIp ip) {
            throw new CmException("the simulated fabric has no IP addresses (no IPoIB): address "
                    + ip.address().getHostAddress() + " by GID, LID or node name instead");
        }
        for (Node n : fabric.topology().nodes()) {
            if (n.isSwitch()) {
                continue;
            }
            for (int p = 1; p <= n.portCount(); p++) {
                LocalPort lp = fabric.localPort(fabric.attachPoint(n.name(), p));
                Gid gid = new Gid(TransportWire.DEFAULT_PREFIX, n.portGuid(p));
                boolean match = switch (address) {
                    case CmAddress.ByNode a -> a.node().equals(n.name()) && p == 1;
                    case CmAddress.ByLid a -> lp.lid() != 0 && lp.lid() == a.lid();
                    case CmAddress.ByGid a -> a.gid().interfaceId() == n.portGuid(p);
                    case CmAddress.ByIp a -> false;
                };
                if (match) {
                    if (lp.lid() == 0) {
                        throw new CmException(n.name() + " port " + p + " has no LID: no SM configured it");
                    }
                    return new Target(lp.lid(), gid);
                }
            }
        }
        throw new CmException("no channel adapter port answers to " + address);
    }

    @Override
    public CmRoute route(int slid, Gid sgid, Target to) throws CmException {
        if (slid == 0) {
            throw new CmException("the local port has no LID");
        }
        SimFabric.AttachPoint from = null;
        for (Node n : fabric.topology().nodes()) {
            for (int p = 1; !n.isSwitch() && p <= n.portCount() && from == null; p++) {
                if (n.portGuid(p) == sgid.interfaceId()) {
                    from = fabric.attachPoint(n.name(), p);
                }
            }
        }
        if (from == null) {
            throw new CmException("no channel adapter port has the GID " + sgid);
        }
        int mtu = fabric.pathMtu(from, to.lid());
        if (mtu == 0) {
            throw new CmException("no route from LID " + slid + " to LID " + to.lid()
                    + ": a port on the way is not Active or a switch has no forwarding entry");
        }
        return new CmRoute(slid, to.lid(), sgid, to.gid(), mtu, 0, 0, 0, 0xFFFF);
    }
}
