package org.infiniscope.cm.internal.rdmacm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.util.HexFormat;

import org.infiniscope.cm.PortSpace;
import org.infiniscope.mad.Gid;
import org.junit.jupiter.api.Test;

/** The socket addresses handed to librdmacm, byte for byte. */
class SockaddrsTest {

    private static String hex(MemorySegment s) {
        return HexFormat.of().formatHex(s.toArray(ValueLayout.JAVA_BYTE));
    }

    @Test
    void aGidIsAnAfIbAddressWithTheServiceIdOfItsPort() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = Sockaddrs.ib(arena, new Gid(0xfe80_0000_0000_0000L, 0x0002_c903_0001_2345L),
                    PortSpace.TCP, 7471);
            assertEquals("1b00" + "ffff" + "00000000" // AF_IB (27, host order), pkey, flow info
                    + "fe80000000000000" + "0002c90300012345" // the GID, network order
                    + "0000000001061d2f" // service ID: RDMA_PS_TCP << 16 | 7471
                    + "ffffffffffffffff" // service ID mask
                    + "0000000000000000", hex(s)); // scope
            assertEquals(0x01061d2fL, Sockaddrs.serviceId(padded(arena, s), PortSpace.TCP));
        }
    }

    @Test
    void anIpv4AddressIsASockaddrIn() throws Exception {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = Sockaddrs.ip(arena, InetAddress.getByAddress(new byte[]{(byte) 192, (byte) 168, 1, 5}),
                    7471);
            assertEquals("0200" + "1d2f" + "c0a80105" + "0000000000000000", hex(s));
            assertEquals(PortSpace.UDP.serviceId(7471), Sockaddrs.serviceId(padded(arena, s), PortSpace.UDP));
        }
    }

    @Test
    void anIpv6AddressIsASockaddrIn6() throws Exception {
        try (Arena arena = Arena.ofConfined()) {
            InetAddress any = InetAddress.getByAddress(new byte[16]);
            MemorySegment s = Sockaddrs.ip(arena, any, 18515);
            assertEquals(28, s.byteSize());
            assertEquals(10, s.get(ValueLayout.JAVA_SHORT, 0), "AF_INET6");
            assertArrayEquals(new byte[]{0x48, 0x53}, s.asSlice(2, 2).toArray(ValueLayout.JAVA_BYTE), "port");
            assertEquals(PortSpace.IB.serviceId(18515), Sockaddrs.serviceId(padded(arena, s), PortSpace.IB));
        }
    }

    @Test
    void noFamilyIsNoServiceId() {
        try (Arena arena = Arena.ofConfined()) {
            assertEquals(0, Sockaddrs.serviceId(arena.allocate(CmaStructs.SOCKADDR_STORAGE), PortSpace.TCP));
        }
    }

    /** As the address sits in a {@code sockaddr_storage} of the identifier. */
    private static MemorySegment padded(Arena arena, MemorySegment addr) {
        MemorySegment storage = arena.allocate(CmaStructs.SOCKADDR_STORAGE);
        storage.copyFrom(addr);
        return storage;
    }
}
