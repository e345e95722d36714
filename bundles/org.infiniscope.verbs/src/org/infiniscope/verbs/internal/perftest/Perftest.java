package org.infiniscope.verbs.internal.perftest;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import org.infiniscope.verbs.Access;
import org.infiniscope.verbs.AhAttr;
import org.infiniscope.verbs.CompletionQueue;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.MemoryRegion;
import org.infiniscope.verbs.Mtu;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.QpAttr;
import org.infiniscope.verbs.QpAttrMask;
import org.infiniscope.verbs.QpCap;
import org.infiniscope.verbs.QpInitAttr;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.RecvWr;
import org.infiniscope.verbs.SendWr;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.WorkCompletion;
import org.infiniscope.verbs.spi.RcConnector;

/**
 * The perftest measurements over any two verbs contexts: an RC QP on each, connected by their ports' LIDs, then
 * {@code send_lat} (ping-pong, half the round trip), {@code read_lat} (one RDMA read at a time) or {@code write_bw}
 * (RDMA writes with {@value #TX_DEPTH} in flight). One thread drives both ends, polling, as perftest polls.
 */
final class Perftest implements AutoCloseable {

    /** The measurements. */
    enum Mode {
        SEND_LAT("Send Latency Test"),
        READ_LAT("RDMA Read Latency Test"),
        WRITE_BW("RDMA Write BW Test");

        final String title;

        Mode(String title) {
            this.title = title;
        }
    }

    static final int TX_DEPTH = 128;
    static final int MTU = Mtu.MTU_4096;
    private static final long POLL_DEADLINE_NANOS = 10_000_000_000L;

    /**
     * One end.
     *
     * @param lid its port's LID
     * @param qpn its QP
     * @param psn its first send PSN
     */
    record EndPoint(int lid, int qpn, int psn) {
    }

    /**
     * What was measured: per-iteration latencies in ns (latency modes), or the run's time and the best window's
     * rate (bandwidth mode).
     */
    record Result(Mode mode, int size, int iterations, long[] latencies, long elapsedNanos, double peakBytesPerSec,
            EndPoint local, EndPoint remote) {
    }

    private final Arena arena = Arena.ofShared();
    private final Side client;
    private final Side server;

    private final class Side {
        final ProtectionDomain pd;
        final CompletionQueue cq;
        final QueuePair qp;
        final MemoryRegion mr;
        final int lid;

        Side(Context ctx, int size, RcConnector.QpFactory factory) throws VerbsException {
            lid = ctx.queryPort(1).lid();
            pd = ctx.allocPd();
            cq = ctx.createCq(TX_DEPTH * 2, null, 0);
            qp = factory.create(pd,
                    new QpInitAttr(QpType.RC, cq, cq, null, new QpCap(TX_DEPTH, TX_DEPTH, 1, 1, 0), false));
            MemorySegment buffer = arena.allocate(Math.max(size, 8), 4096);
            mr = pd.registerMemory(buffer, Access.LOCAL_WRITE | Access.REMOTE_WRITE | Access.REMOTE_READ);
        }

        void connect(Side peer, int psn, int peerPsn) throws VerbsException {
            qp.modify(
                    new QpAttr().qpState(QpState.INIT).pkeyIndex(0).portNum(1)
                            .qpAccessFlags(Access.REMOTE_WRITE | Access.REMOTE_READ),
                    QpAttrMask.STATE | QpAttrMask.PKEY_INDEX | QpAttrMask.PORT | QpAttrMask.ACCESS_FLAGS);
            qp.modify(
                    new QpAttr().qpState(QpState.RTR).ahAttr(AhAttr.toLid(peer.lid, 1)).pathMtu(MTU)
                            .destQpNum(peer.qp.qpNum()).rqPsn(peerPsn).maxDestRdAtomic(16).minRnrTimer(12),
                    QpAttrMask.STATE | QpAttrMask.AV | QpAttrMask.PATH_MTU | QpAttrMask.DEST_QPN | QpAttrMask.RQ_PSN
                            | QpAttrMask.MAX_DEST_RD_ATOMIC | QpAttrMask.MIN_RNR_TIMER);
            qp.modify(new QpAttr().qpState(QpState.RTS).sqPsn(psn).timeout(14).retryCnt(7).rnrRetry(7).maxRdAtomic(16),
                    QpAttrMask.STATE | QpAttrMask.SQ_PSN | QpAttrMask.TIMEOUT | QpAttrMask.RETRY_CNT
                            | QpAttrMask.RNR_RETRY | QpAttrMask.MAX_QP_RD_ATOMIC);
        }

        /** Polls until {@code n} completions came, all successful. */
        void await(int n) throws VerbsException {
            long deadline = System.nanoTime() + POLL_DEADLINE_NANOS;
            int got = 0;
            while (got < n) {
                List<WorkCompletion> wcs = cq.poll(n - got);
                for (WorkCompletion wc : wcs) {
                    if (!wc.ok()) {
                        throw new VerbsException(VerbsException.Errno.EIO,
                                "work request " + wc.wrId() + " completed with " + wc.status().describe());
                    }
                }
                got += wcs.size();
                if (wcs.isEmpty() && System.nanoTime() > deadline) {
                    throw new VerbsException(VerbsException.Errno.ETIMEDOUT, "no completion within 10 s");
                }
            }
        }
    }

    private final EndPoint local;
    private final EndPoint remote;
    /** The path MTU of the QPs (an enum value of {@link Mtu}). */
    private final int mtu;
    /** The CM connection, in rdma_cm mode; null when the QPs were moved by hand. */
    private final RcConnector.Connection connection;
    private boolean disconnected;

    /** Connects the QPs by their LIDs, as perftest does over its socket exchange. */
    Perftest(Context clientCtx, Context serverCtx, int size) throws VerbsException {
        client = new Side(clientCtx, size, ProtectionDomain::createQp);
        server = new Side(serverCtx, size, ProtectionDomain::createQp);
        int clientPsn = 0x1234 & 0xFFFFFF;
        int serverPsn = 0x5678 & 0xFFFFFF;
        client.connect(server, clientPsn, serverPsn);
        server.connect(client, serverPsn, clientPsn);
        local = new EndPoint(client.lid, client.qp.qpNum(), clientPsn);
        remote = new EndPoint(server.lid, server.qp.qpNum(), serverPsn);
        mtu = MTU;
        connection = null;
    }

    /**
     * Connects the QPs through a connection manager (perftest's {@code -R}): the CM creates them on the contexts it
     * chose and moves them to RTS with the PSNs and the path MTU it exchanged.
     */
    Perftest(RcConnector cm, String fabric, String clientNode, String serverNode, int size, Duration timeout)
            throws VerbsException {
        Side[] made = new Side[2];
        connection = cm.connect(fabric, clientNode, serverNode, (ctx, f) -> (made[0] = new Side(ctx, size, f)).qp,
                (ctx, f) -> (made[1] = new Side(ctx, size, f)).qp, timeout);
        client = made[0];
        server = made[1];
        QpAttr c = client.qp.query();
        QpAttr s = server.qp.query();
        local = new EndPoint(client.lid, client.qp.qpNum(), c.sqPsn());
        remote = new EndPoint(server.lid, server.qp.qpNum(), s.sqPsn());
        mtu = c.pathMtu();
    }

    /** @return the QPs' path MTU (an enum value of {@link Mtu}) */
    int mtu() {
        return mtu;
    }

    /** @return what the CM did, empty when the QPs were moved by hand */
    String cmSummary() {
        return connection == null ? "" : connection.describe();
    }

    /** Disconnects a CM connection (DREQ, DREP); nothing when the QPs were moved by hand. */
    void disconnect() throws VerbsException {
        if (connection != null && !disconnected) {
            disconnected = true;
            connection.close();
        }
    }

    Result run(Mode mode, int size, int iterations) throws VerbsException {
        return switch (mode) {
            case SEND_LAT -> sendLat(size, iterations);
            case READ_LAT -> readLat(size, iterations);
            case WRITE_BW -> writeBw(size, iterations);
        };
    }

    private Result sendLat(int size, int iterations) throws VerbsException {
        long[] lat = new long[iterations];
        server.qp.postRecv(RecvWr.of(0, server.mr.sge(0, size)));
        client.qp.postRecv(RecvWr.of(0, client.mr.sge(0, size)));
        long start = System.nanoTime();
        for (int i = 0; i < iterations; i++) {
            long t0 = System.nanoTime();
            client.qp.postSend(SendWr.send(i, client.mr.sge(0, size)));
            server.await(1); // the ping
            server.qp.postRecv(RecvWr.of(i, server.mr.sge(0, size)));
            server.qp.postSend(SendWr.send(i, server.mr.sge(0, size)));
            client.await(2); // its send and the pong
            client.qp.postRecv(RecvWr.of(i, client.mr.sge(0, size)));
            server.await(1); // the pong's send
            lat[i] = (System.nanoTime() - t0) / 2;
        }
        return new Result(Mode.SEND_LAT, size, iterations, lat, System.nanoTime() - start, 0, local, remote);
    }

    private Result readLat(int size, int iterations) throws VerbsException {
        long[] lat = new long[iterations];
        long start = System.nanoTime();
        for (int i = 0; i < iterations; i++) {
            long t0 = System.nanoTime();
            client.qp.postSend(SendWr.read(i, client.mr.sge(0, size), server.mr.addr(), server.mr.rkey()));
            client.await(1);
            lat[i] = System.nanoTime() - t0;
        }
        return new Result(Mode.READ_LAT, size, iterations, lat, System.nanoTime() - start, 0, local, remote);
    }

    private Result writeBw(int size, int iterations) throws VerbsException {
        int posted = 0, done = 0;
        double peak = 0;
        long start = System.nanoTime();
        long windowStart = start;
        int windowDone = 0;
        while (done < iterations) {
            while (posted < iterations && posted - done < TX_DEPTH) {
                client.qp.postSend(SendWr.write(posted, client.mr.sge(0, size), server.mr.addr(), server.mr.rkey()));
                posted++;
            }
            int n = Math.min(TX_DEPTH, posted - done);
            client.await(n);
            done += n;
            windowDone += n;
            if (windowDone >= TX_DEPTH) {
                long now = System.nanoTime();
                peak = Math.max(peak, (double) windowDone * size / ((now - windowStart) / 1e9));
                windowStart = now;
                windowDone = 0;
            }
        }
        long elapsed = System.nanoTime() - start;
        double avg = (double) iterations * size / (elapsed / 1e9);
        return new Result(Mode.WRITE_BW, size, iterations, new long[0], elapsed, Math.max(peak, avg), local, remote);
    }

    /** @return latencies sorted, for the percentiles */
    static long[] sorted(long[] lat) {
        long[] s = lat.clone();
        Arrays.sort(s);
        return s;
    }

    @Override
    public void close() {
        try {
            disconnect();
        } catch (VerbsException e) {
            // the QPs are destroyed all the same
        }
        for (Side s : new Side[]{client, server}) {
            if (s == null) {
                continue;
            }
            try {
                s.qp.close();
                s.mr.close();
                s.cq.close();
                s.pd.close();
            } catch (VerbsException e) {
                // the contexts' close releases what is left
            }
        }
        arena.close();
    }
}
