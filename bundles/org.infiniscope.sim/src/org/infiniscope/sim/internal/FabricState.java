package org.infiniscope.sim.internal;

import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;

import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.Topology;

/**
 * The state of every node and port of a simulated fabric, in dense arrays indexed by node and by global port
 * (so that an 11,664-host fabric costs a few hundred bytes a port, not an object per field). Every node has a
 * port 0 slot: a switch's management port, unused on a CA or router. Tables the wire carries as raw bytes (P_Key,
 * SL2VL, VLArb, LFT, MFT) are kept in their wire form, so the SMA copies them without decoding. Not thread-safe:
 * the fabric serialises access.
 */
public final class FabricState {

    /** P_Key entries per port: one 32-entry block. */
    public static final int PKEY_CAP = 32;
    /** VL arbitration entries per port and priority (VLArbitrationHighCap/LowCap). */
    public static final int VLARB_CAP = 8;
    /** Unicast LIDs a switch's LFT can hold (LinearFDBCap): ibsim 0.10's 30 × 1024. */
    public static final int LFT_CAP = 30 * 1024;
    /** Multicast LIDs a switch's MFT can hold (MulticastFDBCap): ibsim's 1024. */
    public static final int MFT_CAP = 1024;
    /**
     * LinkWidthSupported of every port: 1X, 2X, 4X, 8X and 12X. What a cable offers is the port's LinkWidthEnabled
     * (ibsim's {@code width=}); the port itself supports every width, as ibsim's ports do.
     */
    public static final int WIDTH_SUPPORTED = 0x1F;
    /** LinkSpeedSupported of every port: SDR, DDR and QDR, as ibsim's. */
    public static final int SPEED_SUPPORTED = 0x7;
    /** LinkSpeedExtSupported of a port whose link offers extended speeds: FDR, EDR and HDR, as ibsim's. */
    public static final int EXT_SPEED_SUPPORTED = 0x7;
    /** NodeInfo.Revision of every node: ibsim's (the IBA leaves the value to the vendor). */
    public static final int REVISION = 0xA1;
    /** PortPhysicalState values (IBA 14.2.5.6). */
    public static final int PHYS_POLLING = 2, PHYS_DISABLED = 3, PHYS_LINK_UP = 5;
    /** Bits of {@link #enforcement}. */
    static final int ENFORCE_INBOUND = 1, ENFORCE_OUTBOUND = 2;
    /** PortState values. */
    public static final int DOWN = 1, INIT = 2, ARMED = 3, ACTIVE = 4;

    final Topology topology;
    final int nodeCount;
    final String[] names;
    final byte[] nodeType;
    final int[] portCount;
    /** Global index of each node's port 0; port p of node n is {@code firstPort[n] + p}. */
    final int[] firstPort;
    final long[] nodeGuid;
    final long[] systemImageGuid;
    final int[] vendorId;
    final int[] deviceId;
    final Map<String, Integer> byName = new HashMap<>();

    // per port
    final long[] portGuid;
    /** The global port at the other end of the cable, or -1. */
    final int[] remote;
    final byte[] physState;
    final byte[] state;
    final char[] lid;
    final byte[] lmc;
    final char[] smLid;
    final byte[] smSl;
    final byte[] widthSupported, widthEnabled, widthActive;
    final byte[] speedSupported, speedEnabled, speedActive;
    final byte[] extSupported, extEnabled, extActive;
    /**
     * What the cable at a port carries (width, speed and extended speed masks): a link trains within it whatever
     * the ends enable, so that an SM enabling all a port supports does not make an SDR cable QDR.
     */
    final byte[] cableWidth, cableSpeed, cableExt;
    final byte[] neighborMtu;
    /** PortInfo VLStallCount (bits 7..5) and HOQLife (bits 4..0), as the SM set them. */
    final byte[] stallHoq;
    final byte[] operationalVls;
    final byte[] subnetTimeout;
    final long[] mKey;
    final byte[] mKeyProtect;
    final char[] mKeyLease;
    final char[] mKeyViolations;
    /** When each port's M_Key lease runs out (System.nanoTime-like), for the few ports whose lease is running. */
    final Map<Integer, Long> mKeyLeaseEnds = new HashMap<>();
    /** PortInfo.P_KeyViolations, saturating at 0xFFFF. */
    final char[] pKeyViolations;
    /** PortCounters PortRcvConstraintErrors and PortXmitConstraintErrors, 8 bits, saturating. */
    final byte[] rcvConstraintErrors, xmitConstraintErrors;
    /** PortInfo partition enforcement bits: {@link #ENFORCE_INBOUND}, {@link #ENFORCE_OUTBOUND}. */
    final byte[] enforcement;
    /** PortInfo.CapabilityMask.IsSM, set by the port's own software when an SM runs there. */
    final BitSet isSm = new BitSet();
    /** ClientReregister requests each port got (few ports ever get one). */
    final Map<Integer, Integer> reregistrations = new HashMap<>();
    final long[] gidPrefix;
    final byte[] pKeys;
    final byte[] sl2vl;
    final byte[] vlArbLow;
    final byte[] vlArbHigh;
    /** PortCounters: XmitData, RcvData, XmitPkts, RcvPkts (4 per port). */
    final long[] counters;
    /** The error counters of PortCounters, by {@code PortCounter} ordinal ({@link Counters#ERRORS} per port). */
    final char[] errorCounters;
    /** PortXmitWait. */
    final long[] xmitWait;
    /**
     * PortExtendedSpeedsCounters of the ports that have been given any (by {@code ExtendedSpeedsCounter} ordinal),
     * by global port: few ports ever have, and the rest read as zeros.
     */
    final Map<Integer, long[]> speedCounters = new HashMap<>();
    /** Cables pulled out: each end's global port to the other's, until put back. */
    final Map<Integer, Integer> unplugged = new HashMap<>();

    // per switch (indexed by node; null or 0 for CAs and routers)
    final byte[][] lft;
    final byte[][] mft;
    final char[] linearFdbTop;
    final char[] multicastFdbTop;
    final byte[] lifeTime;
    final boolean[] portStateChange;

    // per node SMInfo
    final long[] smGuid;
    final long[] smKey;
    final int[] smActCount;
    final byte[] smPriority;
    final byte[] smState;

    /** Lays out the arrays for a topology and cables its links (ports start Polling, or LinkUp and Init when cabled). */
    public FabricState(Topology topology) {
        this.topology = topology;
        List<Node> nodes = topology.nodes();
        nodeCount = nodes.size();
        names = new String[nodeCount];
        nodeType = new byte[nodeCount];
        portCount = new int[nodeCount];
        firstPort = new int[nodeCount + 1];
        nodeGuid = new long[nodeCount];
        systemImageGuid = new long[nodeCount];
        vendorId = new int[nodeCount];
        deviceId = new int[nodeCount];
        int ports = 0;
        for (int n = 0; n < nodeCount; n++) {
            Node node = nodes.get(n);
            names[n] = node.name();
            nodeType[n] = (byte) node.type().code();
            portCount[n] = node.portCount();
            firstPort[n] = ports;
            nodeGuid[n] = node.nodeGuid();
            // without one in the file, a node is a system of its own: ibsim gives it its node GUID (IBA 14.2.5.3)
            systemImageGuid[n] = node.systemImageGuid() != 0 ? node.systemImageGuid() : node.nodeGuid();
            vendorId[n] = node.vendorId();
            deviceId[n] = node.deviceId();
            byName.put(node.name(), n);
            ports += node.portCount() + 1;
        }
        firstPort[nodeCount] = ports;
        portGuid = new long[ports];
        remote = new int[ports];
        physState = new byte[ports];
        state = new byte[ports];
        lid = new char[ports];
        lmc = new byte[ports];
        smLid = new char[ports];
        smSl = new byte[ports];
        widthSupported = new byte[ports];
        widthEnabled = new byte[ports];
        widthActive = new byte[ports];
        speedSupported = new byte[ports];
        speedEnabled = new byte[ports];
        speedActive = new byte[ports];
        extSupported = new byte[ports];
        extEnabled = new byte[ports];
        extActive = new byte[ports];
        cableWidth = new byte[ports];
        cableSpeed = new byte[ports];
        cableExt = new byte[ports];
        neighborMtu = new byte[ports];
        stallHoq = new byte[ports];
        operationalVls = new byte[ports];
        subnetTimeout = new byte[ports];
        mKey = new long[ports];
        mKeyProtect = new byte[ports];
        mKeyLease = new char[ports];
        mKeyViolations = new char[ports];
        pKeyViolations = new char[ports];
        rcvConstraintErrors = new byte[ports];
        xmitConstraintErrors = new byte[ports];
        enforcement = new byte[ports];
        gidPrefix = new long[ports];
        pKeys = new byte[ports * PKEY_CAP * 2];
        sl2vl = new byte[ports * 8];
        vlArbLow = new byte[ports * VLARB_CAP * 2];
        vlArbHigh = new byte[ports * VLARB_CAP * 2];
        counters = new long[ports * 4];
        errorCounters = new char[ports * Counters.ERRORS];
        xmitWait = new long[ports];
        lft = new byte[nodeCount][];
        mft = new byte[nodeCount][];
        linearFdbTop = new char[nodeCount];
        multicastFdbTop = new char[nodeCount];
        lifeTime = new byte[nodeCount];
        portStateChange = new boolean[nodeCount];
        smGuid = new long[nodeCount];
        smKey = new long[nodeCount];
        smActCount = new int[nodeCount];
        smPriority = new byte[nodeCount];
        smState = new byte[nodeCount];
        Arrays.fill(remote, -1);
        for (int n = 0; n < nodeCount; n++) {
            initNode(n, nodes.get(n));
        }
        for (Link link : topology.links()) {
            cable(link);
        }
    }

    private void initNode(int n, Node node) {
        smGuid[n] = node.portGuid(1);
        for (int p = 0; p <= portCount[n]; p++) {
            int g = firstPort[n] + p;
            portGuid[g] = p == 0 && !node.isSwitch() ? 0 : node.portGuid(Math.max(p, 1));
            // the default P_Key 0xFFFF in entry 0 (IBA 10.9.1.2), every other entry invalid (0)
            pKeys[g * PKEY_CAP * 2] = (byte) 0xFF;
            pKeys[g * PKEY_CAP * 2 + 1] = (byte) 0xFF;
            gidPrefix[g] = 0xFE80_0000_0000_0000L;
            operationalVls[g] = 1;
            subnetTimeout[g] = 0;
            neighborMtu[g] = 4;
            stallHoq[g] = (byte) (7 << 5); // VLStallCount 7, as ibsim starts; HOQLife 0 until the SM sets it
            // every port supports all widths and speeds; the fabric's defaults are enabled until a cable says more
            widthSupported[g] = (byte) WIDTH_SUPPORTED;
            speedSupported[g] = (byte) SPEED_SUPPORTED;
            enable(g, topology.defaultWidth(), topology.defaultSpeed(), topology.defaultExtSpeed());
            if (p == 0 && node.isSwitch()) {
                // the management port is always up: it is inside the switch
                physState[g] = PHYS_LINK_UP;
                state[g] = INIT;
                widthActive[g] = (byte) bestWidth(widthEnabled[g]);
                speedActive[g] = (byte) Integer.highestOneBit(speedEnabled[g]);
            } else {
                physState[g] = PHYS_POLLING;
                state[g] = DOWN;
            }
        }
        if (node.isSwitch()) {
            portStateChange[n] = false;
        }
    }

    private void cable(Link link) {
        int a = port(byName.get(link.a()), link.portA());
        int b = port(byName.get(link.b()), link.portB());
        for (int g : new int[]{a, b}) {
            capabilities(g, link);
        }
        remote[a] = b;
        remote[b] = a;
        linkUp(a);
    }

    /**
     * Enables at a cabled port what its cable offers, as at power-on, and keeps the cable's masks: the link trains
     * within them. The port supports every width and speed ({@link #initNode}).
     */
    private void capabilities(int g, Link link) {
        int width = link.width() != 0 ? link.width() : topology.defaultWidth();
        int speed = link.speed() != 0 ? link.speed() : topology.defaultSpeed();
        int ext = link.extSpeed() != 0 ? link.extSpeed() : topology.defaultExtSpeed();
        enable(g, width, speed, ext);
        cableWidth[g] = widthEnabled[g];
        cableSpeed[g] = speedEnabled[g];
        cableExt[g] = extEnabled[g];
    }

    /**
     * Enables what a cable (or the fabric's default) offers, as ibsim's {@code width=}, {@code speed=} and
     * {@code extspeed=} do; extended speeds are supported where they are enabled.
     */
    private void enable(int g, int width, int speed, int ext) {
        widthEnabled[g] = (byte) (width == 0 ? Topology.DEFAULT_WIDTH : width);
        speedEnabled[g] = (byte) (speed == 0 ? Topology.DEFAULT_SPEED : speed);
        extEnabled[g] = (byte) ext;
        extSupported[g] = (byte) (ext == 0 ? 0 : EXT_SPEED_SUPPORTED | ext);
    }

    /**
     * Trains the link at a port if both ends are enabled: LinkUp, logical Init, width and speeds the highest both
     * ends enable (IBA 5.4: the link comes up at the best common configuration).
     */
    void linkUp(int a) {
        int b = remote[a];
        if (b < 0 || physState[a] == PHYS_DISABLED || physState[b] == PHYS_DISABLED) {
            return;
        }
        int width = bestWidth(widthEnabled[a] & widthEnabled[b] & cableWidth[a]);
        int speed = Integer.highestOneBit(speedEnabled[a] & speedEnabled[b] & cableSpeed[a] & 0xF);
        if (width == 0 || speed == 0) {
            return; // nothing in common: the link stays in Polling
        }
        int ext = Integer.highestOneBit(extEnabled[a] & extEnabled[b] & cableExt[a] & 0x1F);
        for (int g : new int[]{a, b}) {
            physState[g] = PHYS_LINK_UP;
            state[g] = INIT;
            widthActive[g] = (byte) width;
            speedActive[g] = (byte) speed;
            extActive[g] = (byte) ext;
        }
        markChange(a);
        markChange(b);
    }

    /** Widths in order of lanes: 12X, 8X, 4X, 2X, 1X. */
    static int bestWidth(int mask) {
        for (int bit : new int[]{8, 4, 2, 16, 1}) {
            if ((mask & bit) != 0) {
                return bit;
            }
        }
        return 0;
    }

    /**
     * Sets a switch's PortStateChange bit when one of its ports changes state (IBA 14.2.5.4), and tells the
     * listener (the switch's trap 128).
     */
    void markChange(int globalPort) {
        int n = nodeOf(globalPort);
        if (nodeType[n] == NodeType.SWITCH.code()) {
            portStateChange[n] = true;
            if (changeListener != null) {
                changeListener.accept(globalPort);
            }
        }
    }

    private IntConsumer changeListener;

    /** Calls {@code listener} with the global port each time a switch's port changes state. */
    void onSwitchPortChange(IntConsumer listener) {
        this.changeListener = listener;
    }

    /** @return the PortInfo.P_KeyViolations of a global port */
    public int pKeyViolations(int globalPort) {
        return pKeyViolations[globalPort];
    }

    /** @return the ClientReregister requests a global port got from an SM */
    public int clientReregistrations(int globalPort) {
        return reregistrations.getOrDefault(globalPort, 0);
    }

    /**
     * Finds the entry of a port's P_Key table that a packet's P_Key matches (IBA 10.9.3): the same 15-bit base, not
     * 0 (invalid), and at least one of the two a full member (bit 15).
     *
     * @return the matching entry, or -1
     */
    /** @return whether port {@code g}'s table holds {@code pKey}'s partition, whatever the membership */
    boolean holdsPKeyBase(int g, int pKey) {
        int base = pKey & 0x7FFF;
        if (base == 0) {
            return false;
        }
        for (int i = 0; i < PKEY_CAP; i++) {
            int at = (g * PKEY_CAP + i) * 2;
            if ((((pKeys[at] & 0xFF) << 8 | pKeys[at + 1] & 0xFF) & 0x7FFF) == base) {
                return true;
            }
        }
        return false;
    }

    int matchPKey(int g, int pKey) {
        int base = pKey & 0x7FFF;
        if (base == 0) {
            return -1;
        }
        for (int i = 0; i < PKEY_CAP; i++) {
            int at = (g * PKEY_CAP + i) * 2;
            int entry = (pKeys[at] & 0xFF) << 8 | pKeys[at + 1] & 0xFF;
            if ((entry & 0x7FFF) == base && ((entry | pKey) & 0x8000) != 0) {
                return entry;
            }
        }
        return -1;
    }

    /** @return entry {@code index} of a port's P_Key table, or 0 (invalid) beyond the table */
    int pKey(int g, int index) {
        if (index < 0 || index >= PKEY_CAP) {
            return 0;
        }
        int at = (g * PKEY_CAP + index) * 2;
        return (pKeys[at] & 0xFF) << 8 | pKeys[at + 1] & 0xFF;
    }

    /** Adds one to an 8-bit saturating counter. */
    static void count(byte[] counter, int g) {
        if (counter[g] != (byte) 0xFF) {
            counter[g]++;
        }
    }

    /** Adds one to a 16-bit saturating counter. */
    static void count(char[] counter, int g) {
        if (counter[g] != 0xFFFF) {
            counter[g]++;
        }
    }

    /** @return the global index of port {@code p} of node {@code n} */
    public int port(int n, int p) {
        return firstPort[n] + p;
    }

    /** @return the node a global port belongs to */
    public int nodeOf(int globalPort) {
        int i = Arrays.binarySearch(firstPort, 0, nodeCount, globalPort);
        return i >= 0 ? i : -i - 2;
    }

    /** @return the number of nodes */
    public int nodeCount() {
        return nodeCount;
    }

    /** @return the node's index, or -1 */
    public int node(String name) {
        return byName.getOrDefault(name, -1);
    }

    /** @return whether node {@code n} is a switch */
    public boolean isSwitch(int n) {
        return nodeType[n] == NodeType.SWITCH.code();
    }

    /** @return the node's number of physical ports */
    public int portCount(int n) {
        return portCount[n];
    }

    /** @return the node's name */
    public String name(int n) {
        return names[n];
    }

    /** @return the LID of a global port (for a switch: of its port 0) */
    public int lid(int globalPort) {
        return lid[globalPort];
    }

    /** @return the LMC of a global port */
    public int lmc(int globalPort) {
        return lmc[globalPort];
    }

    /** @return the master SM LID a global port was given */
    public int smLid(int globalPort) {
        return smLid[globalPort];
    }

    /** @return the GUID of a global port */
    public long portGuid(int globalPort) {
        return portGuid[globalPort];
    }

    /** @return the NodeGUID of node {@code n} */
    public long nodeGuid(int n) {
        return nodeGuid[n];
    }

    /** Gives node {@code n} another NodeGUID. */
    public void setNodeGuid(int n, long guid) {
        nodeGuid[n] = guid;
    }

    /** Gives a global port another PortGUID. */
    public void setPortGuid(int globalPort, long guid) {
        portGuid[globalPort] = guid;
    }

    /** @return the PortPhysicalState of a global port */
    public int physState(int globalPort) {
        return physState[globalPort];
    }

    /** @return counter {@code c} (0 XmitData, 1 RcvData, 2 XmitPkts, 3 RcvPkts) of a global port */
    public long counter(int globalPort, int c) {
        return counters[globalPort * 4 + c];
    }

    /** @return the logical state of a global port */
    public int state(int globalPort) {
        return state[globalPort];
    }

    /** @return the LID range base of the node's port that answers for {@code p}: port 0 on a switch */
    int lidPort(int n, int p) {
        return isSwitch(n) ? firstPort[n] : firstPort[n] + p;
    }

    /** @return whether {@code dlid} addresses port {@code g} (its LID with the LMC's low bits masked) */
    boolean ownsLid(int g, int dlid) {
        int base = lid[g];
        return base != 0 && (dlid >>> lmc[g]) == (base >>> lmc[g]);
    }

    /** @return the LFT's port for a LID, or 0xFF when the switch has no route */
    int route(int n, int dlid) {
        byte[] table = lft[n];
        return table == null || dlid >= table.length ? 0xFF : table[dlid] & 0xFF;
    }

    /** Grows a switch's LFT so it holds {@code lids} entries, new entries without a route. */
    byte[] lftFor(int n, int lids) {
        byte[] table = lft[n];
        if (table == null || table.length < lids) {
            int old = table == null ? 0 : table.length;
            table = table == null ? new byte[lids] : Arrays.copyOf(table, lids);
            Arrays.fill(table, old, lids, (byte) 0xFF);
            lft[n] = table;
        }
        return table;
    }

    /**
     * A port loses its link: PortState Down and PhysState {@code phys} (Polling, or Disabled), noted as a change.
     * A link that was up counts in LinkDownedCounter unless {@code commanded} (the port itself was disabled).
     */
    private void loseLink(int g, int phys, boolean commanded) {
        if (physState[g] == PHYS_LINK_UP && !commanded) {
            Counters.add(this, g, PortCounter.LINK_DOWNED_COUNTER, 1);
        }
        if (physState[g] != phys || state[g] != DOWN) {
            physState[g] = (byte) phys;
            state[g] = DOWN;
            markChange(g);
        }
    }

    /**
     * Pulls the cable out of a port: both ends lose the link, to PortState Down and PhysState Polling (IBA 5.4.4:
     * a port without a signal polls), keeping their LIDs and tables as a real port does.
     *
     * @return false when no cable is plugged in at the port
     */
    public boolean unplug(int a) {
        int b = remote[a];
        if (b < 0) {
            return false;
        }
        remote[a] = -1;
        remote[b] = -1;
        unplugged.put(a, b);
        unplugged.put(b, a);
        loseLink(a, physState[a] == PHYS_DISABLED ? PHYS_DISABLED : PHYS_POLLING, false);
        loseLink(b, physState[b] == PHYS_DISABLED ? PHYS_DISABLED : PHYS_POLLING, false);
        return true;
    }

    /**
     * Plugs a pulled cable back in: the link trains to LinkUp and Init when both ends are enabled; an SM must
     * bring the ports to Active again.
     *
     * @return false when the port's cable was not pulled
     */
    public boolean replug(int a) {
        Integer b = unplugged.remove(a);
        if (b == null) {
            return false;
        }
        unplugged.remove(b);
        remote[a] = b;
        remote[b] = a;
        linkUp(a);
        return true;
    }

    /** @return whether the port's cable has been pulled out */
    public boolean isUnplugged(int g) {
        return unplugged.containsKey(g);
    }

    /** Disables a port (PhysState Disabled, PortState Down); its peer loses the link and polls. */
    public void disable(int g) {
        int r = remote[g];
        loseLink(g, PHYS_DISABLED, true);
        if (r >= 0 && physState[r] != PHYS_DISABLED) {
            loseLink(r, PHYS_POLLING, false);
        }
    }

    /**
     * Enables a disabled port: it polls, and the link trains when the peer is enabled too (IBA 5.4.4; ibsim leaves
     * the port polling).
     */
    public void enable(int g) {
        if (physState[g] == PHYS_DISABLED) {
            physState[g] = (byte) PHYS_POLLING;
            markChange(g);
            linkUp(g);
        }
    }

    /**
     * Resets a node as a power cycle does: its neighbours lose their links, every port of the node comes back
     * with LID 0, no M_Key, default tables and zero counters, a switch's LFT and MFT empty with both tops 0; then
     * the cabled links train again to Init. GUIDs stay as they are.
     */
    public void reset(int n) {
        Node node = topology.nodes().get(n);
        for (int p = 1; p <= portCount[n]; p++) {
            int r = remote[port(n, p)];
            if (r >= 0) {
                loseLink(r, physState[r] == PHYS_DISABLED ? PHYS_DISABLED : PHYS_POLLING, false);
            }
        }
        for (int p = 0; p <= portCount[n]; p++) {
            int g = port(n, p);
            clearPort(g);
            markChange(g);
        }
        lft[n] = null;
        mft[n] = null;
        linearFdbTop[n] = 0;
        multicastFdbTop[n] = 0;
        lifeTime[n] = 0;
        smKey[n] = 0;
        smActCount[n] = 0;
        smPriority[n] = 0;
        smState[n] = 0;
        // GUIDs are burnt in: a restart keeps even a duplicated one
        long[] guids = Arrays.copyOfRange(portGuid, port(n, 0), port(n, portCount[n]) + 1);
        initNode(n, node);
        System.arraycopy(guids, 0, portGuid, port(n, 0), guids.length);
        for (Link link : topology.links()) {
            if (link.a().equals(names[n])) {
                capabilities(port(n, link.portA()), link);
            }
            if (link.b().equals(names[n])) {
                capabilities(port(n, link.portB()), link);
            }
        }
        for (int p = 1; p <= portCount[n]; p++) {
            int g = port(n, p);
            if (remote[g] >= 0) {
                linkUp(g);
            }
        }
    }

    private void clearPort(int g) {
        lid[g] = 0;
        lmc[g] = 0;
        smLid[g] = 0;
        smSl[g] = 0;
        widthSupported[g] = widthEnabled[g] = widthActive[g] = 0;
        speedSupported[g] = speedEnabled[g] = speedActive[g] = 0;
        extSupported[g] = extEnabled[g] = extActive[g] = 0;
        mKey[g] = 0;
        mKeyProtect[g] = 0;
        mKeyLease[g] = 0;
        mKeyViolations[g] = 0;
        mKeyLeaseEnds.remove(g);
        pKeyViolations[g] = 0;
        enforcement[g] = 0;
        Arrays.fill(pKeys, g * PKEY_CAP * 2, (g + 1) * PKEY_CAP * 2, (byte) 0);
        Arrays.fill(sl2vl, g * 8, g * 8 + 8, (byte) 0);
        Arrays.fill(vlArbLow, g * VLARB_CAP * 2, (g + 1) * VLARB_CAP * 2, (byte) 0);
        Arrays.fill(vlArbHigh, g * VLARB_CAP * 2, (g + 1) * VLARB_CAP * 2, (byte) 0);
        Counters.clear(this, g);
    }

    /** @return bytes of the per-port arrays per port, for the scale report */
    public static int bytesPerPort() {
        return 8 /* guid */ + 4 /* remote */ + 2 /* states */ + 2 + 1 + 2 + 1 /* lid lmc smlid smsl */ + 9 + 3
        /* width/speed, cable */ + 5 /* mtu vls timeout protect stall+hoq */ + 8 + 2 + 2 /* mkey lease violations */
                + 2 + 1 + 1 + 1 /* pkey violations, constraint errors, enforcement */
                + 8 /* gid prefix */ + PKEY_CAP * 2 + 8 + VLARB_CAP * 4 + 32 /* counters */
                + Counters.ERRORS * 2 + 8 /* error counters, xmit wait */;
    }
}
