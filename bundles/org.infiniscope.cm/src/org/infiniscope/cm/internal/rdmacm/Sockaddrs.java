package org.infiniscope.cm.internal.rdmacm;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;

import org.infiniscope.cm.PortSpace;
import org.infiniscope.mad.Gid;

/** The socket addresses librdmacm takes: {@code sockaddr_ib} for a GID, {@code sockaddr_in}/{@code in6} for IP. */
final class Sockaddrs {

    /** The default partition key, full member. */
    static final short DEFAULT_PKEY = (short) 0xFFFF;

    private Sockaddrs() {
    }

    /** @return an AF_IB address of a port GID and the service ID of {@code port} in {@code space}, under a full mask */
    static MemorySegment ib(Arena arena, long subnetPrefix, long interfaceId, PortSpace space, int port) {
        MemorySegment s = arena.allocate(CmaStructs.SOCKADDR_IB);
        s.set(ValueLayout.JAVA_SHORT, 0, CmaStructs.AF_IB);
        s.set(CmaStructs.BE16, CmaStructs.SIB_PKEY, DEFAULT_PKEY);
        s.set(CmaStructs.BE64, CmaStructs.SIB_ADDR, subnetPrefix);
        s.set(CmaStructs.BE64, CmaStructs.SIB_ADDR + 8, interfaceId);
        s.set(CmaStructs.BE64, CmaStructs.SIB_SID, space.serviceId(port));
        s.set(CmaStructs.BE64, CmaStructs.SIB_SID_MASK, -1L);
        return s;
    }

    static MemorySegment ib(Arena arena, Gid gid, PortSpace space, int port) {
        return ib(arena, gid.prefix(), gid.interfaceId(), space, port);
    }

    /** @return an AF_INET or AF_INET6 address with {@code port} */
    static MemorySegment ip(Arena arena, InetAddress address, int port) {
        if (port < 0 || port > 0xFFFF) {
            throw new IllegalArgumentException("port " + port + " is not in 0..65535");
        }
        if (address instanceof Inet4Address) {
            MemorySegment s = arena.allocate(CmaStructs.SOCKADDR_IN);
            s.set(ValueLayout.JAVA_SHORT, 0, CmaStructs.AF_INET);
            s.set(CmaStructs.BE16, CmaStructs.SIN_PORT, (short) port);
            MemorySegment.copy(address.getAddress(), 0, s, ValueLayout.JAVA_BYTE, CmaStructs.SIN_ADDR, 4);
            return s;
        }
        MemorySegment s = arena.allocate(CmaStructs.SOCKADDR_IN6);
        s.set(ValueLayout.JAVA_SHORT, 0, CmaStructs.AF_INET6);
        s.set(CmaStructs.BE16, CmaStructs.SIN_PORT, (short) port);
        MemorySegment.copy(address.getAddress(), 0, s, ValueLayout.JAVA_BYTE, CmaStructs.SIN6_ADDR, 16);
        if (address instanceof Inet6Address a6) {
            s.set(ValueLayout.JAVA_INT, CmaStructs.SIN6_ADDR + 16, a6.getScopeId());
        }
        return s;
    }

    /**
     * @param addr a {@code struct sockaddr} of any family (at least the size of a {@code sockaddr_storage})
     * @return the service ID it names: {@code sib_sid} for AF_IB, the port in {@code space} for IP; 0 for none
     */
    static long serviceId(MemorySegment addr, PortSpace space) {
        short family = addr.get(ValueLayout.JAVA_SHORT, 0);
        return switch (family) {
            case CmaStructs.AF_IB -> addr.get(CmaStructs.BE64, CmaStructs.SIB_SID);
            case CmaStructs.AF_INET, CmaStructs.AF_INET6 ->
                space.serviceId(addr.get(CmaStructs.BE16, CmaStructs.SIN_PORT) & 0xFFFF);
            default -> 0;
        };
    }
}
