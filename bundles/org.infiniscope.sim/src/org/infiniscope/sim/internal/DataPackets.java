package org.infiniscope.sim.internal;

import org.infiniscope.mad.perf.PortCounter;

/**
 * Carries one transport message (one or more packets of a verbs data path) from a CA port to a LID hop by hop
 * through the LFTs an SM programmed, as {@link Traffic} carries a flow: each port crossed counts the packets and the
 * words (payload plus 24 bytes of LRH, BTH and ICRC a packet). A message meets a port that is not Active, a missing
 * LFT entry or a loop and is lost there, counted as far as it got. Not thread-safe: the fabric serialises calls.
 */
public final class DataPackets {

    private static final int MAX_HOPS = 64;

    private DataPackets() {
    }

    /**
     * @return the global port that took the message (a CA port owning {@code dlid}), or -1 when it was lost
     */
    public static int carry(FabricState f, int from, int dlid, long payloadBytes, int packets) {
        long words = (payloadBytes + (long) packets * Traffic.HEADER_BYTES) / 4;
        int out = from;
        for (int hop = 0; hop < MAX_HOPS; hop++) {
            int in = f.remote[out];
            if (in < 0 || !active(f, out) || !active(f, in)) {
                return -1;
            }
            Counters.add(f, out, PortCounter.PORT_XMIT_DATA, words);
            Counters.add(f, out, PortCounter.PORT_XMIT_PKTS, packets);
            Counters.add(f, in, PortCounter.PORT_RCV_DATA, words);
            Counters.add(f, in, PortCounter.PORT_RCV_PKTS, packets);
            int n = f.nodeOf(in);
            if (!f.isSwitch(n)) {
                return f.ownsLid(in, dlid) ? in : -1;
            }
            int port = f.route(n, dlid);
            if (port < 1 || port > f.portCount[n]) {
                return -1;
            }
            out = f.port(n, port);
        }
        return -1;
    }

    /**
     * Follows the LFTs from a CA port to a LID, as {@link #carry} does, without counting.
     *
     * @return the path's MTU code (IBA 1 = 256 … 5 = 4096): the smallest NeighborMTU of both ends of every link it
     *         crosses; 0 when there is no route (a port not Active, no LFT entry)
     */
    public static int pathMtu(FabricState f, int from, int dlid) {
        int code = 5;
        int out = from;
        for (int hop = 0; hop < MAX_HOPS; hop++) {
            int in = f.remote[out];
            if (in < 0 || !active(f, out) || !active(f, in)) {
                return 0;
            }
            code = Math.min(code, Math.min(f.neighborMtu[out], f.neighborMtu[in]));
            int n = f.nodeOf(in);
            if (!f.isSwitch(n)) {
                return f.ownsLid(in, dlid) ? Math.max(code, 1) : 0;
            }
            int port = f.route(n, dlid);
            if (port < 1 || port > f.portCount[n]) {
                return 0;
            }
            out = f.port(n, port);
        }
        return 0;
    }

    private static boolean active(FabricState f, int g) {
        return f.physState[g] == FabricState.PHYS_LINK_UP && f.state[g] == FabricState.ACTIVE;
    }
}
