package org.infiniscope.sim.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.charset.StandardCharsets;

/**
 * Unix datagram sockets with abstract names, through the C library (Java's channels have no Unix datagram sockets):
 * the transport of ibsim's local client protocol. An abstract name is the bytes after a leading NUL in
 * {@code sun_path}, with the address length covering them and one terminating NUL, as ibsim and umad2sim build it.
 */
final class UnixDatagrams {

    private static final int AF_UNIX = 1;
    private static final int SOCK_DGRAM = 2;
    private static final int SOCK_NONBLOCK = 0x800;
    private static final int SOCK_CLOEXEC = 0x80000;
    static final int EAGAIN = 11;
    static final int EINTR = 4;
    private static final int EADDRINUSE = 98;
    private static final int ECONNREFUSED = 111;
    private static final int ENOENT = 2;
    static final short POLLIN = 1;
    /** sizeof(struct sockaddr_un): a 2-byte family and 108 bytes of path. */
    static final int SOCKADDR_UN = 110;
    private static final int PATH_OFFSET = 2;

    private static final StructLayout ERRNO = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO_VALUE = ERRNO.varHandle(PathElement.groupElement("errno"));
    private static final Linker.Option CAPTURE = Linker.Option.captureCallState("errno");

    private static final MethodHandle SOCKET;
    private static final MethodHandle BIND;
    private static final MethodHandle RECVFROM;
    private static final MethodHandle SENDTO;
    private static final MethodHandle POLL;
    private static final MethodHandle CLOSE;

    static {
        Linker linker = Linker.nativeLinker();
        SymbolLookup libc = linker.defaultLookup();
        SOCKET = handle(linker, libc, "socket", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT));
        BIND = handle(linker, libc, "bind", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT));
        RECVFROM = handle(linker, libc, "recvfrom",
                FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT, ADDRESS, ADDRESS));
        SENDTO = handle(linker, libc, "sendto",
                FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT, ADDRESS, JAVA_INT));
        POLL = handle(linker, libc, "poll", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
        CLOSE = handle(linker, libc, "close", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    }

    private static MethodHandle handle(Linker linker, SymbolLookup libc, String name, FunctionDescriptor fd) {
        MemorySegment symbol = libc.find(name)
                .orElseThrow(() -> new UnsatisfiedLinkError("the C library has no " + name + "()"));
        return linker.downcallHandle(symbol, fd, CAPTURE);
    }

    private UnixDatagrams() {
    }

    /** A failed call, with the errno it set. */
    static final class ErrnoException extends IOException {
        private static final long serialVersionUID = 1L;
        private final int errno;

        ErrnoException(String call, int errno) {
            super(call + " failed: " + describe(errno));
            this.errno = errno;
        }

        int errno() {
            return errno;
        }
    }

    static String describe(int errno) {
        return switch (errno) {
            case EADDRINUSE -> "the name is in use (EADDRINUSE)";
            case ECONNREFUSED -> "nobody listens there (ECONNREFUSED)";
            case ENOENT -> "no such socket (ENOENT)";
            case EAGAIN -> "it would block (EAGAIN)";
            default -> "errno " + errno;
        };
    }

    /** @return the {@code sockaddr_un} bytes of an abstract name, exactly as long as the address length */
    static byte[] abstractName(String name) {
        byte[] text = name.getBytes(StandardCharsets.US_ASCII);
        if (text.length > SOCKADDR_UN - PATH_OFFSET - 2) {
            throw new IllegalArgumentException(
                    "socket name \"" + name + "\" is longer than " + (SOCKADDR_UN - PATH_OFFSET - 2) + " bytes");
        }
        // ibsim and umad2sim count the terminating NUL into the address length: it is part of the name
        byte[] address = new byte[PATH_OFFSET + 1 + text.length + 1];
        address[0] = AF_UNIX; // sa_family_t in host (little-endian) order
        System.arraycopy(text, 0, address, PATH_OFFSET + 1, text.length);
        return address;
    }

    /** @return the abstract name in an address, for messages */
    static String nameOf(byte[] address) {
        if (address.length <= PATH_OFFSET + 1) {
            return "(unnamed)";
        }
        int end = address.length;
        while (end > PATH_OFFSET + 1 && address[end - 1] == 0) {
            end--;
        }
        return new String(address, PATH_OFFSET + 1, end - PATH_OFFSET - 1, StandardCharsets.US_ASCII);
    }

    /** @return a non-blocking datagram socket bound to an abstract name */
    static int bind(String name) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(ERRNO);
            int fd = (int) SOCKET.invokeExact(state, AF_UNIX, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
            if (fd < 0) {
                throw new ErrnoException("socket(AF_UNIX, SOCK_DGRAM)", errno(state));
            }
            byte[] address = abstractName(name);
            MemorySegment sockaddr = arena.allocate(SOCKADDR_UN);
            MemorySegment.copy(address, 0, sockaddr, ValueLayout.JAVA_BYTE, 0, address.length);
            int rc = (int) BIND.invokeExact(state, fd, sockaddr, address.length);
            if (rc < 0) {
                int errno = errno(state);
                close(fd);
                throw new IOException("cannot bind the Unix socket @" + name + ": " + describe(errno)
                        + (errno == EADDRINUSE ? " — is ibsim or another simulate serving that name?" : ""));
            }
            return fd;
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /**
     * Receives one datagram without blocking.
     *
     * @param buffer where its bytes go (native memory of at least {@code capacity} bytes)
     * @param from where the sender's address goes ({@value #SOCKADDR_UN} bytes), followed by its length
     * @return its length, or -1 when none is waiting
     */
    static int receive(int fd, MemorySegment buffer, int capacity, MemorySegment from, MemorySegment fromLength,
            MemorySegment state) throws IOException {
        fromLength.set(JAVA_INT, 0, SOCKADDR_UN);
        long n;
        try {
            n = (long) RECVFROM.invokeExact(state, fd, buffer, (long) capacity, 0, from, fromLength);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        if (n < 0) {
            int errno = errno(state);
            if (errno == EAGAIN || errno == EINTR) {
                return -1;
            }
            throw new ErrnoException("recvfrom", errno);
        }
        return (int) n;
    }

    /**
     * Sends one datagram, retrying for a while when the receiver's queue is full.
     *
     * @throws ErrnoException when nobody is bound at the address, or its queue stayed full
     */
    static void send(int fd, byte[] data, int length, byte[] address) throws IOException {
        Scratch scratch = SCRATCH.get();
        if (length > Scratch.SIZE || address.length > SOCKADDR_UN) {
            throw new IllegalArgumentException(
                    "a datagram of " + length + " bytes is more than ibsim's protocol sends");
        }
        MemorySegment.copy(data, 0, scratch.buffer, ValueLayout.JAVA_BYTE, 0, length);
        MemorySegment.copy(address, 0, scratch.to, ValueLayout.JAVA_BYTE, 0, address.length);
        long deadline = 0;
        try {
            while (true) {
                long n = (long) SENDTO.invokeExact(scratch.state, fd, scratch.buffer, (long) length, 0, scratch.to,
                        address.length);
                if (n >= 0) {
                    return;
                }
                int errno = errno(scratch.state);
                if (deadline == 0) {
                    deadline = System.nanoTime() + 1_000_000_000L;
                }
                if ((errno != EAGAIN && errno != EINTR) || System.nanoTime() > deadline) {
                    throw new ErrnoException("sendto @" + nameOf(address), errno);
                }
                Thread.onSpinWait();
            }
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Native memory a thread reuses for every datagram it sends. */
    private static final class Scratch {
        static final int SIZE = 512;
        final MemorySegment buffer;
        final MemorySegment to;
        final MemorySegment state;

        Scratch() {
            Arena arena = Arena.ofAuto();
            buffer = arena.allocate(SIZE);
            to = arena.allocate(SOCKADDR_UN);
            state = arena.allocate(ERRNO);
        }
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    /**
     * Waits for input on the sockets of a {@code struct pollfd} array.
     *
     * @return how many have input, 0 on timeout or interruption
     */
    static int poll(MemorySegment fds, int count, int timeoutMillis, MemorySegment state) throws IOException {
        int n;
        try {
            n = (int) POLL.invokeExact(state, fds, (long) count, timeoutMillis);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        if (n < 0) {
            int errno = errno(state);
            if (errno == EINTR) {
                return 0;
            }
            throw new ErrnoException("poll", errno);
        }
        return n;
    }

    static void close(int fd) {
        try (Arena arena = Arena.ofConfined()) {
            int ignored = (int) CLOSE.invokeExact(arena.allocate(ERRNO), fd);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    static MemorySegment errnoState(Arena arena) {
        return arena.allocate(ERRNO);
    }

    private static int errno(MemorySegment state) {
        return (int) ERRNO_VALUE.get(state, 0L);
    }

    /** @return the address bytes of a received datagram's sender */
    static byte[] sender(MemorySegment from, MemorySegment fromLength) {
        int length = Math.min(fromLength.get(JAVA_INT, 0), SOCKADDR_UN);
        byte[] address = new byte[Math.max(length, 0)];
        MemorySegment.copy(from, ValueLayout.JAVA_BYTE, 0, address, 0, address.length);
        return address;
    }

    /** @return a {@code struct pollfd} array watching these sockets for input */
    static MemorySegment pollFds(Arena arena, int[] fds) {
        MemorySegment array = arena.allocate(8L * fds.length, 4);
        for (int i = 0; i < fds.length; i++) {
            array.set(JAVA_INT, 8L * i, fds[i]);
            array.set(JAVA_SHORT, 8L * i + 4, POLLIN);
        }
        return array;
    }

    /** @return whether socket {@code i} of a polled array has input (or an error to read) */
    static boolean ready(MemorySegment fds, int i) {
        return fds.get(JAVA_SHORT, 8L * i + 6) != 0;
    }
}
