package org.infiniscope.mad.umad.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;

/**
 * A stand-in libibumad made of FFM upcall stubs: one CA {@code mlx5_0} with an active port 1 and a down port 2,
 * optionally the SMI device {@code smi_mlx5_0} of rdma-core 5x. It records every call and answers every request
 * sent with a response from the destination. An exception must never leave an upcall (it would end the JVM):
 * every function catches and returns an error code.
 */
final class StandInUmad implements AutoCloseable {

    static final int GSI_PORT_ID = 3;
    static final int SMI_PORT_ID = 4;
    static final int UMAD_SIZE = 64;
    static final String CA = "mlx5_0";
    static final String SMI_CA = "smi_mlx5_0";

    record Registration(int portId, int agentId, int mgmtClass, int classVersion, int rmppVersion, long mask0,
            long mask1) {
    }

    record Sent(int portId, int agentId, byte[] mad, int lid, int qpn, int qkey, int sl, int pkeyIndex, boolean grh,
            byte[] gid, int gidIndex, int flowLabel, int timeoutMillis, int retries) {
    }

    final List<String> calls = new CopyOnWriteArrayList<>();
    final List<Registration> registrations = new CopyOnWriteArrayList<>();
    final List<Sent> sent = new CopyOnWriteArrayList<>();
    private final Map<Integer, LinkedBlockingDeque<byte[]>> inbox = new ConcurrentHashMap<>();
    private final boolean split;
    private final int caCount;
    private final Arena arena = Arena.ofShared();
    private final Map<String, MemorySegment> stubs = new HashMap<>();
    private int nextAgent;
    volatile int openPortResult = 0;
    /** What umad_send returns when not 0 (a failure), instead of sending. */
    volatile int sendResult = 0;

    /**
     * @param split whether to offer the SMI functions
     * @param caCount 0 for a machine without CAs, else 1
     */
    StandInUmad(boolean split, int caCount) {
        this.split = split;
        this.caCount = caCount;
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        UmadLibrary.FUNCTIONS.forEach((name, descriptor) -> {
            if (!split && UmadLibrary.SMI_FUNCTIONS.contains(name)) {
                return;
            }
            try {
                MethodHandle target = lookup.findVirtual(StandInUmad.class, name, descriptor.toMethodType())
                        .bindTo(this);
                stubs.put(name, Linker.nativeLinker().upcallStub(target, descriptor, arena));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("the stand-in lacks " + name, e);
            }
        });
    }

    SymbolLookup lookup() {
        return name -> Optional.ofNullable(stubs.get(name));
    }

    /** Queues a MAD for the channel to receive, as the kernel would hand it over. */
    void deliver(int portId, int agentId, int status, byte[] mad, int sourceLid, int sourceQpn, int pkeyIndex) {
        MemorySegment umad = MemorySegment.ofArray(new byte[UMAD_SIZE + mad.length]);
        umad.set(JAVA_INT_UNALIGNED, 0, agentId);
        umad.set(JAVA_INT_UNALIGNED, 4, status);
        umad.set(JAVA_INT_UNALIGNED, 16, UMAD_SIZE + mad.length);
        umad.set(Structs.BE32, 20, sourceQpn);
        umad.set(Structs.BE32, 24, sourceQpn == 0 ? 0 : 0x80010000);
        umad.set(Structs.BE16, 28, (short) sourceLid);
        umad.set(Structs.BE16, 56, (short) pkeyIndex);
        MemorySegment.copy(mad, 0, umad, JAVA_BYTE, UMAD_SIZE, mad.length);
        inbox.computeIfAbsent(portId, k -> new LinkedBlockingDeque<>()).add(umad.toArray(JAVA_BYTE));
    }

    @Override
    public void close() {
        arena.close();
    }

    // ---- the C functions, by their C names ----

    int umad_init() {
        calls.add("init");
        return 0;
    }

    int umad_get_cas_names(MemorySegment cas, int max) {
        MemorySegment names = cas.reinterpret(20L * max);
        int n = 0;
        if (caCount > 0 && split) {
            Structs.putString(names, 20L * n++, 20, SMI_CA); // listed first, as a sorted device list would
        }
        if (caCount > 0) {
            Structs.putString(names, 20L * n++, 20, CA);
        }
        return n;
    }

    int umad_get_port(MemorySegment caName, int port, MemorySegment out) {
        String ca = caName.reinterpret(20).getString(0);
        if (!(ca.equals(CA) || (split && ca.equals(SMI_CA))) || port < 1 || port > 2) {
            return -19;
        }
        MemorySegment p = out.reinterpret(Structs.PORT_SIZE);
        Structs.putString(p, 0, 20, ca);
        p.set(JAVA_INT, Structs.PORT_NUM, port);
        p.set(JAVA_INT, Structs.PORT_BASE_LID, port == 1 ? 0x11 : 0);
        p.set(JAVA_INT, Structs.PORT_SM_LID, port == 1 ? 1 : 0);
        p.set(JAVA_INT, Structs.PORT_STATE, port == 1 ? 4 : 1);
        p.set(JAVA_INT, Structs.PORT_PHYS_STATE, port == 1 ? 5 : 2);
        p.set(Structs.BE64, Structs.PORT_GUID, 0x0002c90300001230L + port);
        return 0;
    }

    int umad_release_port(MemorySegment port) {
        return 0;
    }

    /** The CA {@code mlx5_0} as a ConnectX-6 with two ports describes itself (the SMI half is no CA of its own). */
    int umad_get_ca(MemorySegment caName, MemorySegment out) {
        String ca = caName.reinterpret(20).getString(0);
        calls.add("get_ca " + ca);
        if (!ca.equals(CA)) {
            return -19;
        }
        MemorySegment c = out.reinterpret(Structs.CA_SIZE);
        c.fill((byte) 0);
        Structs.putString(c, 0, 20, ca);
        c.set(JAVA_INT, Structs.CA_NODE_TYPE, 1);
        c.set(JAVA_INT, Structs.CA_NUMPORTS, 2);
        Structs.putString(c, Structs.CA_FW_VER, Structs.CA_FW_VER_LEN, "20.31.1014");
        Structs.putString(c, Structs.CA_TYPE, Structs.CA_TYPE_LEN, "MT4123");
        Structs.putString(c, Structs.CA_HW_VER, Structs.CA_HW_VER_LEN, "0");
        c.set(Structs.BE64, Structs.CA_NODE_GUID, 0x0002c90300001230L);
        c.set(Structs.BE64, Structs.CA_SYSTEM_GUID, 0x0002c90300001233L);
        for (int port = 1; port <= 2; port++) {
            MemorySegment p = arena.allocate(Structs.PORT_SIZE, 8);
            umad_get_port(caName, port, p);
            p.set(JAVA_INT, Structs.PORT_RATE, port == 1 ? 200 : 10);
            p.set(Structs.BE32, Structs.PORT_CAPMASK, 0x2651e848);
            p.set(Structs.BE64, Structs.PORT_GID_PREFIX, 0xfe80000000000000L);
            Structs.putString(p, Structs.PORT_LINK_LAYER, 20, "InfiniBand");
            c.set(java.lang.foreign.ValueLayout.ADDRESS, Structs.CA_PORTS + 8L * port, p);
        }
        return 0;
    }

    int umad_release_ca(MemorySegment ca) {
        calls.add("release_ca");
        return 0;
    }

    int umad_open_port(MemorySegment caName, int port) {
        calls.add("open_port " + caName.reinterpret(20).getString(0) + " " + port);
        return openPortResult != 0 ? openPortResult : GSI_PORT_ID;
    }

    int umad_open_smi_port(MemorySegment caName, int port) {
        calls.add("open_smi_port " + caName.reinterpret(20).getString(0) + " " + port);
        return SMI_PORT_ID;
    }

    int umad_get_smi_gsi_pairs(MemorySegment pairs, long max) {
        calls.add("get_smi_gsi_pairs");
        MemorySegment table = pairs.reinterpret(Structs.PAIR_SIZE * max);
        Structs.putString(table, Structs.PAIR_SMI_NAME, 20, SMI_CA);
        table.set(JAVA_INT, 20, 1);
        Structs.putString(table, Structs.PAIR_GSI_NAME, 20, CA);
        table.set(JAVA_INT, 44, 1);
        return caCount;
    }

    int umad_close_port(int portId) {
        calls.add("close_port " + portId);
        return 0;
    }

    synchronized int umad_register(int portId, int mgmtClass, int classVersion, byte rmpp, MemorySegment mask) {
        MemorySegment bits = mask.reinterpret(16);
        int agentId = nextAgent++;
        registrations.add(new Registration(portId, agentId, mgmtClass, classVersion, rmpp, bits.get(JAVA_LONG, 0),
                bits.get(JAVA_LONG, 8)));
        return agentId;
    }

    int umad_unregister(int portId, int agentId) {
        calls.add("unregister " + portId + " " + agentId);
        return 0;
    }

    long umad_size() {
        return UMAD_SIZE;
    }

    MemorySegment umad_get_mad(MemorySegment umad) {
        return MemorySegment.ofAddress(umad.address() + UMAD_SIZE);
    }

    int umad_status(MemorySegment umad) {
        return umad.reinterpret(UMAD_SIZE).get(JAVA_INT, 4);
    }

    int umad_set_addr(MemorySegment umad, int dlid, int dqp, int sl, int qkey) {
        MemorySegment u = umad.reinterpret(UMAD_SIZE);
        u.set(Structs.BE32, 20, dqp);
        u.set(Structs.BE32, 24, qkey);
        u.set(Structs.BE16, 28, (short) dlid);
        u.set(JAVA_BYTE, 30, (byte) sl);
        return 0;
    }

    int umad_set_grh(MemorySegment umad, MemorySegment addr) {
        MemorySegment u = umad.reinterpret(UMAD_SIZE);
        if (addr.equals(MemorySegment.NULL)) {
            u.set(JAVA_BYTE, 32, (byte) 0);
            return 0;
        }
        // as libibumad does: GID, hop limit and traffic class copied, the host-order flow label converted
        MemorySegment a = addr.reinterpret(Structs.ADDR_SIZE);
        u.set(JAVA_BYTE, 32, (byte) 1);
        MemorySegment.copy(a, Structs.ADDR_GID, u, 36, 16);
        u.set(JAVA_BYTE, 34, a.get(JAVA_BYTE, Structs.ADDR_HOP_LIMIT));
        u.set(JAVA_BYTE, 35, a.get(JAVA_BYTE, Structs.ADDR_TRAFFIC_CLASS));
        u.set(Structs.BE32, 52, a.get(JAVA_INT, Structs.ADDR_FLOW_LABEL));
        return 0;
    }

    int umad_set_pkey(MemorySegment umad, int pkeyIndex) {
        umad.reinterpret(UMAD_SIZE).set(Structs.BE16, 56, (short) pkeyIndex);
        return 0;
    }

    int umad_send(int portId, int agentId, MemorySegment umad, int length, int timeoutMillis, int retries) {
        if (sendResult != 0) {
            return sendResult;
        }
        try {
            MemorySegment u = umad.reinterpret(UMAD_SIZE + length);
            byte[] mad = u.asSlice(UMAD_SIZE, length).toArray(JAVA_BYTE);
            int lid = Structs.u16(u, 28);
            int qpn = u.get(Structs.BE32, 20);
            sent.add(new Sent(portId, agentId, mad, lid, qpn, u.get(Structs.BE32, 24), Structs.u8(u, 30),
                    Structs.u16(u, 56), Structs.u8(u, 32) != 0, u.asSlice(36, 16).toArray(JAVA_BYTE), Structs.u8(u, 33),
                    u.get(Structs.BE32, 52), timeoutMillis, retries));
            if ((mad[3] & 0x80) == 0) {
                byte[] answer = mad.clone();
                answer[3] |= (byte) 0x80;
                if (mad[1] == (byte) 0x81) {
                    answer[4] |= (byte) 0x80; // the D bit of a returning directed-route SMP
                }
                deliver(portId, agentId, 0, answer, lid == 0xFFFF ? 0 : lid, qpn, 0);
            }
            return 0;
        } catch (RuntimeException e) {
            return -5;
        }
    }

    int umad_recv(int portId, MemorySegment umad, MemorySegment lengthPointer, int timeoutMillis) {
        MemorySegment length = lengthPointer.reinterpret(4);
        LinkedBlockingDeque<byte[]> queue = inbox.computeIfAbsent(portId, k -> new LinkedBlockingDeque<>());
        byte[] next = queue.poll();
        if (next == null) {
            return -11;
        }
        int capacity = length.get(JAVA_INT, 0);
        if (next.length - UMAD_SIZE > capacity) {
            queue.addFirst(next);
            length.set(JAVA_INT, 0, next.length - UMAD_SIZE);
            return -28;
        }
        MemorySegment.copy(next, 0, umad.reinterpret(next.length), JAVA_BYTE, 0, next.length);
        length.set(JAVA_INT, 0, next.length - UMAD_SIZE);
        return MemorySegment.ofArray(next).get(JAVA_INT_UNALIGNED, 0);
    }

    int umad_poll(int portId, int timeoutMillis) {
        LinkedBlockingDeque<byte[]> queue = inbox.computeIfAbsent(portId, k -> new LinkedBlockingDeque<>());
        try {
            byte[] next = queue.poll(timeoutMillis, TimeUnit.MILLISECONDS);
            if (next == null) {
                return -110;
            }
            queue.addFirst(next);
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -4;
        }
    }
}
