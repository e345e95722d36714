package org.infiniscope.verbs.rdmacore.internal.netlink;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code NETLINK_RDMA} socket through libc (socket, bind, setsockopt, send, recv, close by FFM: Java has no
 * netlink channels). One request at a time: {@link #dump} sends a dump request and reads the answer's messages up to
 * {@code NLMSG_DONE}.
 */
final class NetlinkSocket implements AutoCloseable {

    private static final int SOCK_RAW = 3, SOCK_CLOEXEC = 0x80000, SOL_SOCKET = 1, SO_RCVTIMEO = 20;
    private static final int EAGAIN = 11, EINTR = 4;
    private static final int BUFFER = 64 * 1024;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final Linker.Option ERRNO = Linker.Option.captureCallState("errno");
    private static final StructLayout ERRNO_LAYOUT = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO_VALUE = ERRNO_LAYOUT
            .varHandle(java.lang.foreign.MemoryLayout.PathElement.groupElement("errno"));
    private static final MethodHandle SOCKET = libc("socket",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT));
    private static final MethodHandle BIND = libc("bind", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT));
    private static final MethodHandle SETSOCKOPT = libc("setsockopt",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT));
    private static final MethodHandle SEND = libc("send",
            FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
    private static final MethodHandle RECV = libc("recv",
            FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
    private static final MethodHandle CLOSE = LINKER.downcallHandle(LINKER.defaultLookup().find("close").orElseThrow(),
            FunctionDescriptor.of(JAVA_INT, JAVA_INT));

    private final Arena arena = Arena.ofShared();
    private final MemorySegment errno = arena.allocate(ERRNO_LAYOUT);
    private final MemorySegment buffer = arena.allocate(BUFFER, 8);
    private final int fd;
    private int seq = 1;

    private static MethodHandle libc(String name, FunctionDescriptor fd) {
        return LINKER.downcallHandle(LINKER.defaultLookup().find(name).orElseThrow(), fd, ERRNO);
    }

    /**
     * Opens and binds the socket, with a receive timeout.
     *
     * @throws NetlinkException with the errno ({@code EPROTONOSUPPORT}: the kernel has no RDMA netlink)
     */
    NetlinkSocket(int timeoutMillis) throws NetlinkException {
        int s;
        try {
            s = (int) SOCKET.invokeExact(errno, RdmaNl.AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, RdmaNl.NETLINK_RDMA);
        } catch (Throwable t) {
            arena.close();
            throw new IllegalStateException(t);
        }
        if (s < 0) {
            int e = errno();
            arena.close();
            throw new NetlinkException(e, "socket(AF_NETLINK, SOCK_RAW, NETLINK_RDMA): " + Errno.describe(e));
        }
        fd = s;
        try {
            MemorySegment addr = arena.allocate(12, 4);
            addr.set(JAVA_SHORT, 0, (short) RdmaNl.AF_NETLINK); // nl_pid 0: the kernel assigns it, nl_groups 0
            check((int) BIND.invokeExact(errno, fd, addr, 12), "bind");
            MemorySegment tv = arena.allocate(16, 8);
            tv.set(JAVA_LONG, 0, timeoutMillis / 1000L);
            tv.set(JAVA_LONG, 8, (timeoutMillis % 1000L) * 1000L);
            check((int) SETSOCKOPT.invokeExact(errno, fd, SOL_SOCKET, SO_RCVTIMEO, tv, 16), "setsockopt(SO_RCVTIMEO)");
        } catch (NetlinkException e) {
            close();
            throw e;
        } catch (Throwable t) {
            close();
            throw new IllegalStateException(t);
        }
    }

    private int errno() {
        return (int) ERRNO_VALUE.get(errno, 0L);
    }

    private void check(int rc, String call) throws NetlinkException {
        if (rc < 0) {
            int e = errno();
            throw new NetlinkException(e, call + ": " + Errno.describe(e));
        }
    }

    /**
     * Sends a dump request and reads its answer.
     *
     * @param devIndex the device, or -1 for the device list
     * @return the answer's messages, without the closing {@code NLMSG_DONE}
     */
    synchronized List<NlCodec.Message> dump(int command, int devIndex) throws NetlinkException {
        int mySeq = seq++;
        byte[] req = NlCodec.dumpRequest(command, mySeq, devIndex);
        try {
            MemorySegment.copy(req, 0, buffer, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, req.length);
            long sent = (long) SEND.invokeExact(errno, fd, buffer, (long) req.length, 0);
            if (sent < 0) {
                int e = errno();
                throw new NetlinkException(e, "send: " + Errno.describe(e));
            }
            List<NlCodec.Message> answer = new ArrayList<>();
            while (true) {
                long n = (long) RECV.invokeExact(errno, fd, buffer, (long) BUFFER, 0);
                if (n < 0) {
                    int e = errno();
                    if (e == EINTR) {
                        continue;
                    }
                    throw new NetlinkException(e,
                            e == EAGAIN ? "the kernel did not answer in time" : "recv: " + Errno.describe(e));
                }
                ByteBuffer b = buffer.asSlice(0, n).asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
                for (NlCodec.Message m : NlCodec.messages(b, (int) n)) {
                    if (m.seq() != mySeq) {
                        continue; // a late answer to an earlier request that timed out
                    }
                    if (m.type() == RdmaNl.NLMSG_DONE || m.type() == RdmaNl.NLMSG_ERROR) {
                        return answer;
                    }
                    answer.add(m);
                }
            }
        } catch (NetlinkException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    @Override
    public void close() {
        try {
            int rc = (int) CLOSE.invokeExact(fd);
            assert rc == 0 || rc == -1;
        } catch (Throwable t) {
            // closing a descriptor of our own: nothing to do about a failure
        }
        arena.close();
    }

    /** errno names for the messages (the values of Linux on x86-64 and aarch64). */
    static final class Errno {

        private Errno() {
        }

        static String describe(int e) {
            return switch (e) {
                case 1 -> "EPERM (not permitted)";
                case 13 -> "EACCES (permission denied)";
                case 19 -> "ENODEV (no such device)";
                case 22 -> "EINVAL (invalid argument)";
                case 93 -> "EPROTONOSUPPORT (the kernel has no RDMA netlink: ib_core is not loaded)";
                case 95 -> "EOPNOTSUPP (not supported)";
                case 97 -> "EAFNOSUPPORT (no netlink sockets)";
                default -> "errno " + e;
            };
        }
    }
}
