package org.infiniscope.sm.internal;

import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.PortInfoBuilder;

/**
 * What the SM writes into a PortInfo: built from the record read, so the fields it does not own are written back as
 * they were, and a Set is needed only when the result differs from what was read.
 */
final class PortSettings {

    /** CapabilityMask.IsClientReregistrationSupported. */
    static final int CAP_CLIENT_REREGISTRATION = 1 << 25;
    /** The largest MTU (4096) and VL set (VL0-14) OpenSM configures by default. */
    static final int MAX_MTU = 5, MAX_VLS = 5;

    private PortSettings() {
    }

    /** A Set never changes the physical state or the link-down default, whatever was read. */
    static PortInfoBuilder base(PortInfo read) {
        return PortInfoBuilder.from(read).portState(0).portPhysicalState(0).linkDownDefaultState(0)
                .clientReregister(false);
    }

    /**
     * The record of an endport: its LIDs, the master SM, the subnet prefix, the keys and time-outs, and the link
     * parameters agreed with its peer.
     */
    static PortInfo endport(PortInfo read, int lid, int lmc, int smLid, SmSettings s, boolean reregister,
            PortInfo peer) {
        PortInfoBuilder b = base(read).lid(lid).lmc(lmc).masterSmLid(smLid).masterSmSl(0).gidPrefix(s.subnetPrefix())
                .subnetTimeout(s.subnetTimeout()).mKey(s.mKey()).mKeyLeasePeriod(s.mKey() == 0 ? 0 : s.mKeyLease())
                .mKeyProtectBits(s.mKey() == 0 ? 0 : s.mKeyProtect());
        if (reregister && (read.capabilityMask() & CAP_CLIENT_REREGISTRATION) != 0) {
            b.clientReregister(true);
        }
        link(b, read, peer);
        return b.build();
    }

    /** NeighborMTU and OperationalVLs as OpenSM sets them: the most both ends can do, within its defaults. */
    static PortInfoBuilder link(PortInfoBuilder b, PortInfo read, PortInfo peer) {
        if (peer != null) {
            int mtu = Math.min(MAX_MTU, Math.min(read.mtuCap(), peer.mtuCap()));
            int vls = Math.min(MAX_VLS, Math.min(read.vlCap(), peer.vlCap()));
            if (mtu > 0) {
                b.neighborMtu(mtu);
            }
            if (vls > 0) {
                b.operationalVls(vls);
            }
        }
        return b;
    }

    /** @return whether writing {@code wanted} changes what {@code read} says (a client reregister always does) */
    static boolean changes(PortInfo read, PortInfo wanted) {
        return wanted.clientReregister()
                || !base(read).build()
                        .equals(PortInfoBuilder.from(wanted).portState(0).portPhysicalState(0).linkDownDefaultState(0)
                                .clientReregister(false).build())
                || wanted.portState() != 0 && wanted.portState() != read.portState();
    }
}
