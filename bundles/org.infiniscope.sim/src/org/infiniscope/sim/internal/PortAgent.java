package org.infiniscope.sim.internal;

import static org.infiniscope.sim.internal.FabricState.ACTIVE;
import static org.infiniscope.sim.internal.FabricState.ARMED;
import static org.infiniscope.sim.internal.FabricState.DOWN;
import static org.infiniscope.sim.internal.FabricState.INIT;
import static org.infiniscope.sim.internal.FabricState.PHYS_DISABLED;
import static org.infiniscope.sim.internal.FabricState.PHYS_LINK_UP;
import static org.infiniscope.sim.internal.FabricState.PHYS_POLLING;

import java.util.Arrays;

import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.PortInfoBuilder;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;

/** PortInfo Get and Set at a node's SMA, with the port state machine of IBA 7.2 and 14.2.5.6. */
final class PortAgent {

    /**
     * IsTrapSupported, IsSLMappingSupported, IsSystemImageGUIDSupported and IsCapabilityMaskNoticeSupported (the
     * port sends trap 144 when its mask changes).
     */
    private static final int CAPABILITIES = 0x0000_0848 | Traps.CAPABILITY_MASK_NOTICE;
    /** CAs add IsCommunicationManagementSupported and IsClientReregistrationSupported. */
    private static final int CA_CAPABILITIES = CAPABILITIES | 0x0201_0000;
    /** CapabilityMask.IsSM. */
    static final int IS_SM = 1 << 1;
    /** CapabilityMask.IsClientReregistrationSupported. */
    private static final int CLIENT_REREGISTRATION = 1 << 25;

    private final FabricState f;
    private final Traps traps;

    PortAgent(FabricState state, Traps traps) {
        this.f = state;
        this.traps = traps;
    }

    /** @return a port's CapabilityMask; a switch's external ports have none, their port 0 speaks for them */
    int capabilityMask(int n, int p) {
        if (f.isSwitch(n) && p != 0) {
            return 0;
        }
        return (f.isSwitch(n) ? CAPABILITIES : CA_CAPABILITIES) | (f.isSm.get(f.lidPort(n, p)) ? IS_SM : 0)
                | (extendedSpeeds(n, p) ? PortInfo.CAP_EXTENDED_SPEEDS : 0);
    }

    /**
     * @return whether the port supports extended speeds (a switch: any of its ports), which IsExtendedSpeedsSupported
     *         must then say, or the LinkSpeedExt fields are reserved to a reader
     */
    private boolean extendedSpeeds(int n, int p) {
        if (!f.isSwitch(n)) {
            return f.extSupported[f.port(n, p)] != 0;
        }
        for (int q = 1; q <= f.portCount[n]; q++) {
            if (f.extSupported[f.port(n, q)] != 0) {
                return true;
            }
        }
        return false;
    }

    /** Sets or clears IsSM, as the port's software does when an SM starts or stops, and sends trap 144. */
    void setIsSm(int n, int p, boolean on) {
        int g = f.lidPort(n, p);
        if (f.isSm.get(g) != on) {
            f.isSm.set(g, on);
            traps.capabilityMaskChanged(n, f.isSwitch(n) ? 0 : p, capabilityMask(n, p));
        }
    }

    int portInfo(byte[] mad, int n, int arrival, int modifier, boolean set) throws MadFormatException {
        int p = modifier == 0 && !f.isSwitch(n) ? arrival : modifier;
        if (p < 0 || p > f.portCount[n] || (p == 0 && !f.isSwitch(n))) {
            return MadStatus.INVALID_ATTRIBUTE_VALUE;
        }
        int g = f.port(n, p);
        long requestKey = Bits.u64(mad, Smp.MKEY_OFFSET);
        if (set) {
            int status = apply(Smp.decodeAttribute(mad, PortInfo.CODEC), n, p, g);
            if (status != MadStatus.OK) {
                return status;
            }
        }
        Arrays.fill(mad, Smp.DATA_OFFSET, Smp.DATA_OFFSET + Smp.DATA_LENGTH, (byte) 0);
        PortInfo info = get(n, p, g, arrival);
        int lg = f.lidPort(n, p);
        if (f.mKeyProtect[lg] >= 1 && requestKey != f.mKey[lg]) {
            info = PortInfoBuilder.from(info).mKey(0).build(); // protection level 1 hides the key (IBA 14.2.4.1)
        }
        PortInfo.CODEC.encode(info, mad, Smp.DATA_OFFSET);
        return MadStatus.OK;
    }

    /**
     * The model's port as PortInfo. The components that belong to an endport — M_Key and its lease and protection,
     * GIDPrefix, LID, LMC, MasterSMLID and SL, SubnetTimeOut, M_KeyViolations — are port 0's on a switch and read 0 on
     * its external ports (IBA 14.2.5.6 has them for endports and switch port 0 only), as ibsim shows them.
     */
    PortInfo get(int n, int p, int g, int arrival) {
        PortInfo info = getWithEndportFields(n, p, g, arrival);
        if (!f.isSwitch(n) || p == 0) {
            return info;
        }
        return PortInfoBuilder.from(info).mKey(0).gidPrefix(0).lid(0).masterSmLid(0).mKeyLeasePeriod(0)
                .mKeyProtectBits(0).lmc(0).masterSmSl(0).mKeyViolations(0).subnetTimeout(0).build();
    }

    private PortInfo getWithEndportFields(int n, int p, int g, int arrival) {
        int lg = f.lidPort(n, p);
        boolean up = f.physState[g] == PHYS_LINK_UP;
        return new PortInfoBuilder().mKey(f.mKey[lg]).gidPrefix(f.gidPrefix[lg]).lid(f.lid[lg]).masterSmLid(f.smLid[lg])
                .capabilityMask(capabilityMask(n, p)).mKeyLeasePeriod(f.mKeyLease[lg]).localPortNum(arrival)
                .linkWidthEnabled(f.widthEnabled[g]).linkWidthSupported(f.widthSupported[g])
                .linkWidthActive(up ? f.widthActive[g] : 0).linkSpeedSupported(f.speedSupported[g])
                .portState(f.state[g]).portPhysicalState(f.physState[g]).linkDownDefaultState(PHYS_POLLING)
                .mKeyProtectBits(f.mKeyProtect[lg]).lmc(f.lmc[lg]).linkSpeedActive(up ? f.speedActive[g] : 0)
                .linkSpeedEnabled(f.speedEnabled[g]).neighborMtu(f.neighborMtu[g]).masterSmSl(f.smSl[lg]).vlCap(4)
                .vlStallCount((f.stallHoq[g] >> 5) & 7).hoqLife(f.stallHoq[g] & 0x1F).vlHighLimit(0)
                .vlArbitrationHighCap(FabricState.VLARB_CAP).vlArbitrationLowCap(FabricState.VLARB_CAP).mtuCap(4)
                .operationalVls(f.operationalVls[g])
                .partitionEnforcementInbound((f.enforcement[g] & FabricState.ENFORCE_INBOUND) != 0)
                .partitionEnforcementOutbound((f.enforcement[g] & FabricState.ENFORCE_OUTBOUND) != 0)
                .mKeyViolations(f.mKeyViolations[lg]).pKeyViolations(f.pKeyViolations[g]).guidCap(1)
                .subnetTimeout(f.subnetTimeout[lg]).linkSpeedExtActive(up ? f.extActive[g] : 0)
                .linkSpeedExtSupported(f.extSupported[g]).linkSpeedExtEnabled(f.extEnabled[g]).build();
    }

    /**
     * Applies a Set, all or nothing: a state the port cannot go to from where it is (IBA Table 147) rejects the
     * whole Set with "invalid attribute value".
     */
    private int apply(PortInfo in, int n, int p, int g) {
        int current = f.state[g];
        int wanted = in.portState();
        boolean allowed = switch (wanted) {
            case 0 -> true; // NOP
            case DOWN -> true;
            case ARMED -> current == INIT || current == ARMED;
            case ACTIVE -> current == ARMED || current == ACTIVE;
            default -> false; // Init is reached only by the link coming up
        };
        int phys = in.portPhysicalState();
        if (!allowed || phys > PHYS_DISABLED || phys == 1 || in.lmc() > 7 || p == 0 && phys != 0) {
            return MadStatus.INVALID_ATTRIBUTE_VALUE;
        }
        boolean ownsLid = p == 0 || !f.isSwitch(n);
        if (ownsLid) {
            f.lid[g] = (char) in.lid();
            f.lmc[g] = (byte) in.lmc();
            f.smLid[g] = (char) in.masterSmLid();
            f.smSl[g] = (byte) in.masterSmSl();
            f.mKey[g] = in.mKey();
            f.mKeyProtect[g] = (byte) in.mKeyProtectBits();
            f.mKeyLease[g] = (char) in.mKeyLeasePeriod();
            f.gidPrefix[g] = in.gidPrefix();
            f.subnetTimeout[g] = (byte) in.subnetTimeout();
            if (in.clientReregister() && (capabilityMask(n, p) & CLIENT_REREGISTRATION) != 0) {
                // the port's clients re-register with the SA; the bit itself is not kept (it reads back 0)
                f.reregistrations.merge(g, 1, Integer::sum);
            }
        }
        if (f.isSwitch(n) && p != 0) {
            // partition enforcement is a switch external port's (SwitchInfo offers both directions)
            f.enforcement[g] = (byte) ((in.partitionEnforcementInbound() ? FabricState.ENFORCE_INBOUND : 0)
                    | (in.partitionEnforcementOutbound() ? FabricState.ENFORCE_OUTBOUND : 0));
        }
        if (in.linkWidthEnabled() != 0) {
            // 0xFF: set to LinkWidthSupported (IBA 14.2.5.6)
            f.widthEnabled[g] = (byte) (in.linkWidthEnabled() == 0xFF
                    ? f.widthSupported[g]
                    : in.linkWidthEnabled() & f.widthSupported[g]);
        }
        if (in.linkSpeedEnabled() != 0) {
            f.speedEnabled[g] = (byte) (in.linkSpeedEnabled() == 0xF
                    ? f.speedSupported[g]
                    : in.linkSpeedEnabled() & f.speedSupported[g]);
        }
        if (in.operationalVls() != 0 && in.operationalVls() <= 4) {
            f.operationalVls[g] = (byte) in.operationalVls();
        }
        // VLStallCount and HOQLife are read-write on every port that has them (IBA 14.2.5.6)
        f.stallHoq[g] = (byte) (in.vlStallCount() << 5 | in.hoqLife());
        if (in.neighborMtu() != 0) {
            f.neighborMtu[g] = (byte) in.neighborMtu();
        }
        if (wanted == DOWN && p != 0) {
            // the link goes down and retrains: both ends come back in Init
            setState(g, DOWN);
            int r = f.remote[g];
            if (r >= 0) {
                setState(r, DOWN);
            }
            f.linkUp(g);
        } else if (wanted == ARMED || wanted == ACTIVE) {
            // IBA 14.2.5.4: a change made by SubnSet does not set PortStateChange (nor send trap 128)
            f.state[g] = (byte) wanted;
        }
        if (phys == PHYS_DISABLED) {
            disable(g);
        } else if (phys == PHYS_POLLING && f.physState[g] == PHYS_DISABLED) {
            f.physState[g] = (byte) PHYS_POLLING;
            f.linkUp(g);
        }
        return MadStatus.OK;
    }

    private void disable(int g) {
        f.physState[g] = (byte) PHYS_DISABLED;
        setState(g, DOWN);
        int r = f.remote[g];
        if (r >= 0 && f.physState[r] == PHYS_LINK_UP) {
            f.physState[r] = (byte) PHYS_POLLING;
            setState(r, DOWN);
        }
    }

    private void setState(int g, int value) {
        if (f.state[g] != value) {
            f.state[g] = (byte) value;
            f.markChange(g);
        }
    }
}
