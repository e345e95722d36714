package org.infiniscope.cm.internal.rdmacm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.CopyOnWriteArrayList;

import org.infiniscope.cm.PortSpace;

/**
 * A stand-in for the kernel side of librdmacm, as native functions (FFM upcalls) bound in place of the library's: it
 * logs the calls in order, keeps what they were given, fails a call with an errno when told to, and hands out the
 * events it is given. The calls it does not stand in for are the real library's.
 */
final class FakeLibRdmaCm implements AutoCloseable {

    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle ERRNO_LOCATION = LINKER.downcallHandle(
            LINKER.defaultLookup().find("__errno_location").orElseThrow(), FunctionDescriptor.of(ADDRESS));
    private static final MethodHandle EVENTFD = LINKER.downcallHandle(
            LINKER.defaultLookup().find("eventfd").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));
    private static final MethodHandle CLOSE = LINKER.downcallHandle(LINKER.defaultLookup().find("close").orElseThrow(),
            FunctionDescriptor.of(JAVA_INT, JAVA_INT));

    final Arena arena = Arena.ofShared();
    /** The calls in order: {@code name} or {@code name:detail}. */
    final List<String> log = new CopyOnWriteArrayList<>();
    /** What a call is to fail with: the function's name to its errno. */
    final Map<String, Integer> failWith = new HashMap<>();
    final Queue<MemorySegment> events = new ArrayDeque<>();
    /** The ids created, in order. */
    final List<MemorySegment> ids = new CopyOnWriteArrayList<>();
    byte[] lastAddress;
    byte[] lastPrivateData;
    byte[] lastConnParam;
    private final Map<String, MemorySegment> stubs = new HashMap<>();
    final NativeRdmaCm cm;

    FakeLibRdmaCm() throws ReflectiveOperationException {
        stub("rdma_create_event_channel", "createChannel", FunctionDescriptor.of(ADDRESS));
        stub("rdma_destroy_event_channel", "destroyChannel", FunctionDescriptor.ofVoid(ADDRESS));
        stub("rdma_create_id", "createId", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT));
        stub("rdma_destroy_id", "destroyId", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        stub("rdma_resolve_addr", "resolveAddr", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT));
        stub("rdma_connect", "connect", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        stub("rdma_reject", "reject", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_BYTE));
        stub("rdma_listen", "listen", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        stub("rdma_get_cm_event", "getEvent", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        stub("rdma_ack_cm_event", "ack", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        SymbolLookup fake = name -> Optional.ofNullable(stubs.get(name));
        cm = new NativeRdmaCm(LibRdmaCm.bind(fake.or(SymbolLookup.libraryLookup(LibRdmaCm.SONAME, arena))));
    }

    private void stub(String function, String method, FunctionDescriptor d) throws ReflectiveOperationException {
        MethodType type = d.toMethodType();
        MethodHandle h = MethodHandles.lookup().findVirtual(FakeLibRdmaCm.class, method, type).bindTo(this);
        stubs.put(function, LINKER.upcallStub(h, d, arena));
    }

    /** @return -1 with errno set when the call is to fail, else 0 */
    private int result(String function) {
        Integer errno = failWith.get(function);
        if (errno == null) {
            return 0;
        }
        try {
            ((MemorySegment) ERRNO_LOCATION.invokeExact()).reinterpret(4).set(JAVA_INT, 0, errno);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        return -1;
    }

    /** Queues an event of {@code type} for an id (and a listener, for a connect request). */
    MemorySegment event(String type, MemorySegment id, MemorySegment listenId, int status, byte[] privateData) {
        MemorySegment ev = arena.allocate(CmaStructs.CM_EVENT);
        ev.set(ADDRESS, CmaStructs.EV_ID, id);
        ev.set(ADDRESS, CmaStructs.EV_LISTEN_ID, listenId);
        ev.set(JAVA_INT, CmaStructs.EV_EVENT, CmaEvents.NATIVE.indexOf(type));
        ev.set(JAVA_INT, CmaStructs.EV_STATUS, status);
        if (privateData.length > 0) {
            MemorySegment p = ev.asSlice(CmaStructs.EV_PARAM);
            p.set(ADDRESS, CmaStructs.CP_PRIVATE_DATA, arena.allocateFrom(JAVA_BYTE, privateData));
            p.set(JAVA_BYTE, CmaStructs.CP_PRIVATE_DATA_LEN, (byte) privateData.length);
        }
        synchronized (events) {
            events.add(ev);
        }
        return ev;
    }

    /** @return a new native id, as the kernel makes one for a connect request */
    MemorySegment newId(PortSpace space) {
        MemorySegment id = arena.allocate(CmaStructs.CM_ID);
        id.set(JAVA_INT, CmaStructs.ID_PS, (int) (space.serviceId(0) >>> 16));
        ids.add(id);
        return id;
    }

    // the stand-ins, called from native code

    MemorySegment createChannel() {
        log.add("create_event_channel");
        if (result("rdma_create_event_channel") != 0) {
            return MemorySegment.NULL;
        }
        MemorySegment ch = arena.allocate(CmaStructs.EVENT_CHANNEL);
        try {
            ch.set(JAVA_INT, 0, (int) EVENTFD.invokeExact(1, 0)); // readable until closed
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        return ch;
    }

    void destroyChannel(MemorySegment ch) {
        log.add("destroy_event_channel");
        try {
            int unused = (int) CLOSE.invokeExact(ch.reinterpret(4).get(JAVA_INT, 0));
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    int createId(MemorySegment ch, MemorySegment out, MemorySegment context, int ps) {
        log.add("create_id:" + Integer.toHexString(ps));
        int r = result("rdma_create_id");
        if (r == 0) {
            MemorySegment id = arena.allocate(CmaStructs.CM_ID);
            id.set(JAVA_INT, CmaStructs.ID_PS, ps);
            ids.add(id);
            out.reinterpret(8).set(ADDRESS, 0, id);
        }
        return r;
    }

    int destroyId(MemorySegment id) {
        log.add("destroy_id:" + ids.indexOf(find(id)));
        return 0;
    }

    private MemorySegment find(MemorySegment id) {
        return ids.stream().filter(i -> i.address() == id.address()).findFirst().orElse(MemorySegment.NULL);
    }

    int resolveAddr(MemorySegment id, MemorySegment src, MemorySegment dst, int ms) {
        log.add("resolve_addr:" + ms);
        lastAddress = dst.reinterpret(CmaStructs.SOCKADDR_IB.byteSize()).toArray(JAVA_BYTE);
        return result("rdma_resolve_addr");
    }

    int connect(MemorySegment id, MemorySegment param) {
        log.add("connect");
        MemorySegment p = param.reinterpret(CmaStructs.CONN_PARAM.byteSize());
        lastConnParam = p.toArray(JAVA_BYTE);
        int n = p.get(JAVA_BYTE, CmaStructs.CP_PRIVATE_DATA_LEN) & 0xFF;
        lastPrivateData = n == 0
                ? new byte[0]
                : p.get(ADDRESS, CmaStructs.CP_PRIVATE_DATA).reinterpret(n).toArray(JAVA_BYTE);
        return result("rdma_connect");
    }

    int reject(MemorySegment id, MemorySegment data, byte length) {
        log.add("reject:" + ids.indexOf(find(id)));
        int n = length & 0xFF;
        lastPrivateData = n == 0 ? new byte[0] : data.reinterpret(n).toArray(JAVA_BYTE);
        return result("rdma_reject");
    }

    int listen(MemorySegment id, int backlog) {
        log.add("listen:" + backlog);
        return result("rdma_listen");
    }

    int getEvent(MemorySegment ch, MemorySegment out) {
        MemorySegment ev;
        synchronized (events) {
            ev = events.poll();
        }
        if (ev == null) {
            failWith.put("rdma_get_cm_event", 11); // EAGAIN, as a non-blocking channel answers
            int r = result("rdma_get_cm_event");
            failWith.remove("rdma_get_cm_event");
            return r;
        }
        log.add("get_event:" + name(ev.get(JAVA_INT, CmaStructs.EV_EVENT)));
        out.reinterpret(8).set(ADDRESS, 0, ev);
        return 0;
    }

    int ack(MemorySegment ev) {
        log.add("ack:" + name(ev.reinterpret(CmaStructs.CM_EVENT.byteSize()).get(JAVA_INT, CmaStructs.EV_EVENT)));
        return 0;
    }

    /** An exception must not leave an upcall (the JVM would stop): unknown types are named by number. */
    private static String name(int type) {
        return type >= 0 && type < CmaEvents.NATIVE.size() ? CmaEvents.NATIVE.get(type) : "type " + type;
    }

    @Override
    public void close() {
        cm.close();
        arena.close();
    }

}
