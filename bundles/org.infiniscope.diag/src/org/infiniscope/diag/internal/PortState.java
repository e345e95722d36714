package org.infiniscope.diag.internal;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.infiniscope.console.json.Json;
import org.infiniscope.diag.format.SmpFormat;
import org.infiniscope.diag.internal.PortStateArgs.Op;
import org.infiniscope.mad.Mad;
import org.infiniscope.mad.smp.ExtendedPortInfo;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * What {@code portstate} does, step for step as ibportstate: NodeInfo, PortInfo of the port (and of port 0 on a
 * switch, whose CapabilityMask says whether there are extended speeds), printed; then either the PortInfo Set of the
 * operation, printed again as the node answered it, or — for an Active switch port queried — the peer port's PortInfo
 * and ibportstate's warnings when the link runs below what both ends enable.
 */
final class PortState {

    /** What the guard needs to know about where the tool stands; only asked when a port would go down. */
    interface Surroundings {
        /** @return the ports that must not go down */
        List<PortStateGuard.Guarded> guarded() throws QueryException;

        /** @return the directed route (out ports) to a LID, for reaching the peer of a switch port */
        List<Integer> pathTo(int lid) throws QueryException;

        /** @return this port's LID, as ibportstate names it in the peer's header */
        int localLid() throws QueryException;
    }

    /** The port is guarded and {@code --force} was not given. */
    static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message);
        }
    }

    private final SmaClient sma;
    private final Surroundings surroundings;
    private final PrintWriter err;
    private final StringBuilder text = new StringBuilder();
    /** {@code -K}: the M_Key printed, not hidden. */
    private boolean showKeys;
    private final Map<String, Object> json = new LinkedHashMap<>();

    PortState(SmaClient sma, Surroundings surroundings, PrintWriter err) {
        this.sma = sma;
        this.surroundings = surroundings;
        this.err = err;
    }

    String text() {
        return text.toString();
    }

    String json() {
        return Json.write(json) + "\n";
    }

    void run(PortStateArgs args) throws QueryException, Refused {
        Destination to = args.destination();
        int port = args.port();
        NodeInfo ni = get(to, NodeInfo.CODEC, 0, "smp query nodeinfo failed");
        boolean isSwitch = ni.nodeType() == NodeInfo.TYPE_SWITCH;
        showKeys = args.showKeys();
        if (isSwitch && port != 0 && PortStateArgs.M_KEY_FIELDS.stream().anyMatch(args.values()::containsKey)) {
            throw new QueryException("Can't set M_Key fields on switch port != 0");
        }
        json.put("destination", to.describe());
        json.put("port", port);
        json.put("nodeGuid", String.format("0x%016x", ni.nodeGuid()));
        json.put("switch", isSwitch);
        if (args.op().breaksLink() && !args.force()) {
            Optional<String> why = PortStateGuard.refusal(ni.nodeGuid(), port, surroundings.guarded());
            if (why.isPresent()) {
                throw new Refused(String.format(
                        "refusing to %s port %d of node 0x%016x (%s): it is %s;" + " give --force to do it anyway",
                        args.op().id(), port, ni.nodeGuid(), to.describe(), why.get()));
            }
        }
        boolean changes = args.changes();
        text.append(changes ? "Initial " : "").append(isSwitch ? "Switch" : "CA/RT").append(" PortInfo:\n");
        int[] espeed = new int[1];
        PortInfo pi = portInfo(to, port, isSwitch, espeed);
        text.append(show(to.describe(), pi, port, espeed[0], isSwitch));
        json.put("portInfo", fields(pi, port, espeed[0], isSwitch));
        if (changes) {
            set(args, to, port, pi, espeed[0], isSwitch);
        } else if (isSwitch && port != 0 && pi.portState() == 4) {
            peer(args, to, port, pi, espeed[0]);
        }
    }

    private void set(PortStateArgs args, Destination to, int port, PortInfo pi, int espeedCap, boolean isSwitch)
            throws QueryException {
        byte[] data = new byte[PortInfo.LENGTH];
        PortInfo.CODEC.encode(pi, data, 0);
        Map<String, Long> values = args.values();
        if (!values.containsKey("lid") && (pi.lid() == 0 || pi.lid() == 0xFFFF)) {
            Bits.put16(data, 16, 0x1234); // an unset LID would make the SMA reject the Set
        }
        if (!values.containsKey("smlid") && (pi.masterSmLid() == 0 || pi.masterSmLid() == 0xFFFF)) {
            Bits.put16(data, 18, 0x1234);
        }
        Bits.set(data, 0, 260, 4, 0); // PortState: no change
        Bits.set(data, 0, 264, 4, 0); // PortPhysicalState: no change
        switch (args.op()) {
            case ON -> {
                if (pi.portPhysicalState() != 3) {
                    text.append("Port is already in enable state\n");
                    return;
                }
                Bits.set(data, 0, 264, 4, 2);
            }
            case ENABLE, RESET -> Bits.set(data, 0, 264, 4, 2); // Polling
            case OFF, DISABLE -> {
                text.append("Disable may be irreversible\n");
                Bits.set(data, 0, 264, 4, 3);
            }
            case DOWN -> Bits.set(data, 0, 260, 4, 1);
            case ARM -> Bits.set(data, 0, 260, 4, 3);
            case ACTIVE -> Bits.set(data, 0, 260, 4, 4);
            case QUERY -> {
                // values only
            }
        }
        // the enabled speeds and width are always written: 0 is "no change"
        long espeed = values.getOrDefault("espeed", 0L);
        Bits.set(data, 0, 284, 4, (int) (long) values.getOrDefault("speed", 0L));
        Bits.set(data, 0, 507, 5, (int) (espeed & 0x1F));
        Bits.set(data, 0, 232, 8, (int) (long) values.getOrDefault("width", 0L));
        if (values.containsKey("vls")) {
            Bits.set(data, 0, 344, 4, values.get("vls").intValue());
        }
        if (values.containsKey("mtu")) {
            Bits.set(data, 0, 288, 4, values.get("mtu").intValue());
        }
        if (values.containsKey("lid")) {
            Bits.put16(data, 16, values.get("lid").intValue());
        }
        if (values.containsKey("smlid")) {
            Bits.put16(data, 18, values.get("smlid").intValue());
        }
        if (values.containsKey("lmc")) {
            Bits.set(data, 0, 277, 3, values.get("lmc").intValue());
        }
        if (values.containsKey("mkey")) {
            Bits.put64(data, 0, values.get("mkey"));
        }
        if (values.containsKey("mkeylease")) {
            Bits.put16(data, 26, values.get("mkeylease").intValue());
        }
        if (values.containsKey("mkeyprot")) {
            Bits.set(data, 0, 272, 2, values.get("mkeyprot").intValue());
        }
        if (values.containsKey("fdr10")) {
            fdr10(to, port, values.get("fdr10").intValue());
        }
        int modifier = port | (espeedCap != 0 ? 1 << 31 : 0);
        byte[] answer;
        try {
            answer = sma.set(to, PortInfo.ATTRIBUTE_ID, modifier, data);
        } catch (QueryException e) {
            throw new QueryException("smp set portinfo failed (" + e.getMessage() + ")");
        }
        PortInfo after = decode(answer, "smp set portinfo failed");
        text.append("\nAfter PortInfo set:\n");
        text.append(show(to.describe(), after, port, espeedCap, isSwitch));
        json.put("after", fields(after, port, espeedCap, isSwitch));
    }

    /**
     * ibportstate's {@code fdr10}: a Set of Mellanox's ExtendedPortInfo (its StateChangeEnable FDR10 bit and
     * LinkSpeedEnabled), before the PortInfo Set, printed as the answer reads.
     */
    private void fdr10(Destination to, int port, int enabled) throws QueryException {
        byte[] data = new byte[ExtendedPortInfo.CODEC.length()];
        ExtendedPortInfo.CODEC.encode(new ExtendedPortInfo(ExtendedPortInfo.SPEED_FDR10, 0, enabled, 0), data, 0);
        ExtendedPortInfo after;
        try {
            after = Smp.decodeAttribute(sma.set(to, ExtendedPortInfo.ATTRIBUTE_ID, port, data), ExtendedPortInfo.CODEC);
        } catch (QueryException | MadFormatException | IllegalArgumentException e) {
            throw new QueryException("smp set MLNX ext portinfo failed (" + e.getMessage() + ")");
        }
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("StateChangeEnable", String.format("0x%02x", after.stateChangeEnable()));
        fields.put("LinkSpeedSupported", String.format("0x%02x", after.linkSpeedSupported()));
        fields.put("LinkSpeedEnabled", String.format("0x%02x", after.linkSpeedEnabled()));
        fields.put("LinkSpeedActive", String.format("0x%02x", after.linkSpeedActive()));
        text.append("\nAfter MLNXExtendedPortInfo set:\n# MLNX ext Port info: ").append(to.describe()).append(" port ")
                .append(port).append('\n').append(SmpFormat.text(fields));
        json.put("extendedPortInfo", fields);
    }

    /** The peer of an Active switch port: reached one hop further by directed route. */
    private void peer(PortStateArgs args, Destination to, int port, PortInfo pi, int espeedCap) throws QueryException {
        Destination peer;
        String header;
        if (to.isDirected()) {
            List<Integer> path = new ArrayList<>(to.path());
            path.add(port);
            if (path.size() - 1 > Destination.MAX_HOPS) {
                throw new QueryException("Too many hops");
            }
            peer = Destination.directed(path);
            header = peer.describe();
        } else {
            // ibportstate sends a LID-routed SMP with a directed part; the route from here by LFTs reaches the
            // same port with a directed route alone, which every SMA understands
            List<Integer> path = new ArrayList<>();
            path.add(0);
            path.addAll(surroundings.pathTo(to.lid()));
            path.add(port);
            peer = Destination.directed(path);
            header = "Lid " + to.lid() + " DR path slid " + surroundings.localLid() + "; dlid " + Mad.PERMISSIVE_LID
                    + "; 0," + port;
        }
        NodeInfo ni = get(peer, NodeInfo.CODEC, 0, "smp query nodeinfo failed");
        boolean peerSwitch = ni.nodeType() == NodeInfo.TYPE_SWITCH;
        int peerPort = ni.localPortNum();
        text.append("Peer PortInfo:\n");
        int[] peerEspeed = new int[1];
        PortInfo other = portInfo(peer, peerPort, peerSwitch, peerEspeed);
        text.append(show(header, other, peerPort, peerEspeed[0], peerSwitch));
        json.put("peer", fields(other, peerPort, peerEspeed[0], peerSwitch));
        warnings(pi, other, espeedCap != 0 && peerEspeed[0] != 0);
    }

    /** ibportstate's checks of an Active link against the widths and speeds both ends enable. */
    private void warnings(PortInfo self, PortInfo peer, boolean extended) {
        int width = self.linkWidthEnabled() == 255 ? self.linkWidthSupported() : self.linkWidthEnabled();
        int peerWidth = peer.linkWidthEnabled() == 255 ? peer.linkWidthSupported() : peer.linkWidthEnabled();
        int both = width & peerWidth;
        int[][] widths = {{8, 8, 12}, {4, 4, 8}, {2, 2, 4}, {16, 16, 2}, {1, 1, 1}};
        for (int[] w : widths) {
            if ((both & w[0]) != 0) {
                if (self.linkWidthActive() != w[1]) {
                    err.printf("infiniscope portstate: Peer ports operating at active width %d rather than %d (%dx)%n",
                            self.linkWidthActive(), w[1], w[2]);
                }
                break;
            }
        }
        int speed = self.linkSpeedEnabled() == 15 ? self.linkSpeedSupported() : self.linkSpeedEnabled();
        int peerSpeed = peer.linkSpeedEnabled() == 15 ? peer.linkSpeedSupported() : peer.linkSpeedEnabled();
        String[][] speeds = {{"4", "10.0 Gbps"}, {"2", "5.0 Gbps"}, {"1", "2.5 Gbps"}};
        for (String[] s : speeds) {
            int bit = Integer.parseInt(s[0]);
            if ((speed & peerSpeed & bit) != 0) {
                if (self.linkSpeedActive() != bit) {
                    err.printf("infiniscope portstate: Peer ports operating at active speed %d rather than %d (%s)%n",
                            self.linkSpeedActive(), bit, s[1]);
                }
                break;
            }
        }
        if (extended) {
            int e = extSpeed(self.linkSpeedExtEnabled(), self.linkSpeedExtSupported());
            int pe = extSpeed(peer.linkSpeedExtEnabled(), peer.linkSpeedExtSupported());
            String[][] ext = {{"8", "106.25 Gbps"}, {"4", "53.125 Gbps"}, {"2", "25.78125 Gbps"},
                    {"1", "14.0625 Gbps"}};
            for (String[] s : ext) {
                int bit = Integer.parseInt(s[0]);
                if ((e & pe & bit) != 0) {
                    if (self.linkSpeedExtActive() != bit) {
                        err.printf("infiniscope portstate: Peer ports operating at active extended speed %d rather"
                                + " than %d (%s)%n", self.linkSpeedExtActive(), bit, s[1]);
                    }
                    break;
                }
            }
        }
    }

    private static int extSpeed(int enabled, int supported) {
        return enabled == 31 ? supported : enabled;
    }

    /**
     * ibportstate's {@code get_port_info}: the port's PortInfo; {@code espeed[0]} gets 1 when the CapabilityMask (of
     * port 0 on a switch) has extended speeds.
     */
    private PortInfo portInfo(Destination to, int port, boolean isSwitch, int[] espeed) throws QueryException {
        PortInfo capabilities = null;
        if (isSwitch) {
            capabilities = get(to, PortInfo.CODEC, 0, "smp query port 0 portinfo failed");
        }
        PortInfo pi = get(to, PortInfo.CODEC, port, "smp query portinfo failed");
        int mask = (isSwitch ? capabilities : pi).capabilityMask();
        espeed[0] = (mask & PortInfo.CAP_EXTENDED_SPEEDS) != 0 ? 1 : 0;
        return pi;
    }

    /** ibportstate's {@code show_port_info}. */
    String show(String portid, PortInfo p, int port, int espeedCap, boolean isSwitch) {
        return "# Port info: " + portid + " port " + port + "\n" + SmpFormat.text(fields(p, port, espeedCap, isSwitch));
    }

    /** The PortInfo fields ibportstate prints, in its order. */
    Map<String, String> fields(PortInfo p, int port, int espeedCap, boolean isSwitch) {
        Map<String, String> all = new LinkedHashMap<>(SmpFormat.portInfo(p));
        if (showKeys) {
            all.put("Mkey", String.format("0x%016x", p.mKey()));
        }
        List<String> names = new ArrayList<>(
                List.of("LinkState", "PhysLinkState", "Lid", "SMLid", "LMC", "LinkWidthSupported", "LinkWidthEnabled",
                        "LinkWidthActive", "LinkSpeedSupported", "LinkSpeedEnabled", "LinkSpeedActive"));
        if ((espeedCap & 1) != 0) {
            names.addAll(List.of("LinkSpeedExtSupported", "LinkSpeedExtEnabled", "LinkSpeedExtActive"));
        }
        if (!isSwitch || port == 0) {
            names.addAll(List.of("Mkey", "MkeyLeasePeriod", "ProtectBits"));
        }
        Map<String, String> fields = new LinkedHashMap<>();
        names.forEach(n -> fields.put(n, all.get(n)));
        return fields;
    }

    private <T> T get(Destination to, org.infiniscope.mad.wire.AttributeCodec<T> codec, int modifier, String failure)
            throws QueryException {
        try {
            return Smp.decodeAttribute(sma.get(to, codec.attributeId(), modifier), codec);
        } catch (QueryException e) {
            throw new QueryException(failure + " (" + e.getMessage() + ")");
        } catch (MadFormatException | IllegalArgumentException e) {
            throw new QueryException(failure + " (malformed answer: " + e.getMessage() + ")");
        }
    }

    private static PortInfo decode(byte[] mad, String failure) throws QueryException {
        try {
            return Smp.decodeAttribute(mad, PortInfo.CODEC);
        } catch (MadFormatException | IllegalArgumentException e) {
            throw new QueryException(failure + " (malformed answer: " + e.getMessage() + ")");
        }
    }
}
