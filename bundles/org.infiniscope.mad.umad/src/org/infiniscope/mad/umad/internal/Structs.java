package org.infiniscope.mad.umad.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Offsets of the C structures of {@code <infiniband/umad.h>} on LP64 Linux, and helpers to read them. The
 * structures are plain C with natural alignment, so the offsets are written out rather than derived.
 */
final class Structs {

    /** {@code UMAD_CA_NAME_LEN}: the size of every CA name field. */
    static final int CA_NAME_LEN = 20;
    /** {@code UMAD_MAX_DEVICES}: the most CA names libibumad lists. */
    static final int MAX_DEVICES = 32;
    /** {@code UMAD_CA_MAX_PORTS}: ports 0 to 9. */
    static final int CA_MAX_PORTS = 10;

    /** {@code umad_port_t}: ca_name[20], then unsigned fields, then 64-bit GUIDs in network order. */
    static final long PORT_SIZE = 112;
    static final long PORT_NUM = 20;
    static final long PORT_BASE_LID = 24;
    static final long PORT_LMC = 28;
    static final long PORT_SM_LID = 32;
    static final long PORT_SM_SL = 36;
    static final long PORT_STATE = 40;
    static final long PORT_PHYS_STATE = 44;
    static final long PORT_RATE = 48;
    static final long PORT_CAPMASK = 52;
    static final long PORT_GID_PREFIX = 56;
    static final long PORT_GUID = 64;
    static final long PORT_LINK_LAYER = 88;

    /**
     * {@code umad_ca_t}: ca_name[20], node_type, numports, fw_ver[20], ca_type[40], hw_ver[20], the GUIDs in network
     * order (8-aligned), then ten pointers to {@code umad_port_t}.
     */
    static final long CA_SIZE = 208;
    static final long CA_NODE_TYPE = 20;
    static final long CA_NUMPORTS = 24;
    static final long CA_FW_VER = 28;
    static final int CA_FW_VER_LEN = 20;
    static final long CA_TYPE = 48;
    static final int CA_TYPE_LEN = 40;
    static final long CA_HW_VER = 88;
    static final int CA_HW_VER_LEN = 20;
    static final long CA_NODE_GUID = 112;
    static final long CA_SYSTEM_GUID = 120;
    static final long CA_PORTS = 128;

    /** {@code struct umad_ca_pair}: smi_name[20], smi port, gsi_name[20], gsi port. */
    static final long PAIR_SIZE = 48;
    static final long PAIR_SMI_NAME = 0;
    static final long PAIR_GSI_NAME = 24;

    /** {@code struct ib_user_mad}: five host-order u32 (agent, status, timeout, retries, length), then the address. */
    static final long UMAD_AGENT_ID = 0;
    static final long UMAD_STATUS = 4;
    static final long UMAD_ADDR = 20;

    /** {@code ib_mad_addr_t}, relative to its start: network-order fields as the kernel fills them. */
    static final long ADDR_SIZE = 44;
    static final long ADDR_QPN = 0;
    static final long ADDR_QKEY = 4;
    static final long ADDR_LID = 8;
    static final long ADDR_SL = 10;
    static final long ADDR_GRH_PRESENT = 12;
    static final long ADDR_GID_INDEX = 13;
    static final long ADDR_HOP_LIMIT = 14;
    static final long ADDR_TRAFFIC_CLASS = 15;
    static final long ADDR_GID = 16;
    static final long ADDR_FLOW_LABEL = 32;
    static final long ADDR_PKEY_INDEX = 36;

    static final ValueLayout.OfShort BE16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    static final ValueLayout.OfInt BE32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    static final ValueLayout.OfLong BE64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private Structs() {
    }

    /** @return the NUL-terminated string in a fixed-size char array */
    static String string(MemorySegment segment, long offset, int size) {
        byte[] bytes = segment.asSlice(offset, size).toArray(ValueLayout.JAVA_BYTE);
        int end = 0;
        while (end < bytes.length && bytes[end] != 0) {
            end++;
        }
        return new String(bytes, 0, end, StandardCharsets.US_ASCII);
    }

    /** Writes a string into a fixed-size char array, NUL-terminated and cut to fit. */
    static void putString(MemorySegment segment, long offset, int size, String value) {
        byte[] bytes = value.getBytes(StandardCharsets.US_ASCII);
        int length = Math.min(bytes.length, size - 1);
        MemorySegment field = segment.asSlice(offset, size);
        field.fill((byte) 0);
        MemorySegment.copy(bytes, 0, field, ValueLayout.JAVA_BYTE, 0, length);
    }

    static int u16(MemorySegment segment, long offset) {
        return Short.toUnsignedInt(segment.get(BE16, offset));
    }

    static int u8(MemorySegment segment, long offset) {
        return Byte.toUnsignedInt(segment.get(ValueLayout.JAVA_BYTE, offset));
    }
}
