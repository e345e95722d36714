package org.infiniscope.mad.smp;

import static org.infiniscope.mad.smp.SmaCodec.check;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

import org.infiniscope.mad.wire.Bits;

/**
 * The 54 bytes of a Notice's DataDetails (IBA 14.2.5.1, table "Notice DataDetails"): typed for the generic traps
 * a console acts on, {@link Raw} for the others and for vendor notices. Reserved bytes are zero when encoded.
 */
public sealed interface TrapDetails {

    /** Length of DataDetails. */
    int LENGTH = 54;

    /** Writes the 54 bytes at {@code offset} (the caller zeroed them). */
    void encode(byte[] buf, int offset);

    /** @return the details type the generic trap has, or {@link Raw} */
    static Class<? extends TrapDetails> typeFor(int trapNumber) {
        return switch (trapNumber) {
            case 64, 65, 66, 67 -> GidChange.class;
            case 128 -> LinkStateChange.class;
            case 129, 130, 131 -> PortError.class;
            case 144 -> CapabilityChange.class;
            case 256 -> BadMKey.class;
            default -> Raw.class;
        };
    }

    /** Decodes the details; the bounds were checked by the Notice codec. */
    static TrapDetails decode(boolean generic, int trapNumber, byte[] b, int o) {
        Class<? extends TrapDetails> type = generic ? typeFor(trapNumber) : Raw.class;
        if (type == GidChange.class) {
            return new GidChange(Bits.u64(b, o + 6), Bits.u64(b, o + 14));
        } else if (type == LinkStateChange.class) {
            return new LinkStateChange(Bits.u16(b, o));
        } else if (type == PortError.class) {
            return new PortError(Bits.u16(b, o + 2), Bits.u8(b, o + 4));
        } else if (type == CapabilityChange.class) {
            return new CapabilityChange(Bits.u16(b, o + 2), (Bits.u8(b, o + 5) & 1) != 0, Bits.u32(b, o + 6),
                    Bits.u16(b, o + 10), Bits.u16(b, o + 12));
        } else if (type == BadMKey.class) {
            Integer[] path = new Integer[BadMKey.PATH_LENGTH];
            for (int i = 0; i < path.length; i++) {
                path[i] = Bits.u8(b, o + 24 + i);
            }
            return new BadMKey(Bits.u16(b, o + 2), Bits.u16(b, o + 4), Bits.u8(b, o + 6), Bits.u16(b, o + 8),
                    Bits.u32(b, o + 10), Bits.u64(b, o + 14), Bits.get(b, o + 23, 0, 1) != 0,
                    Bits.get(b, o + 23, 1, 1) != 0, Bits.get(b, o + 23, 2, 6), List.of(path));
        }
        return new Raw(Arrays.copyOfRange(b, o, o + LENGTH));
    }

    /**
     * Traps 64–67: a GID in or out of service, a multicast group created or deleted.
     *
     * @param gidPrefix the GID's high 64 bits
     * @param gidGuid the GID's low 64 bits
     */
    record GidChange(long gidPrefix, long gidGuid) implements TrapDetails {
        @Override
        public void encode(byte[] b, int o) {
            Bits.put64(b, o + 6, gidPrefix);
            Bits.put64(b, o + 14, gidGuid);
        }
    }

    /**
     * Trap 128: a link state changed on the switch with this LID.
     *
     * @param lid the switch's LID
     */
    record LinkStateChange(int lid) implements TrapDetails {
        /** Checks the width. */
        public LinkStateChange {
            check("lid", lid, 16);
        }

        @Override
        public void encode(byte[] b, int o) {
            Bits.put16(b, o, lid);
        }
    }

    /**
     * Traps 129 (local link integrity threshold), 130 (excessive buffer overrun threshold), 131 (flow control
     * update watchdog).
     *
     * @param lid the LID of the port with the errors
     * @param port the port number
     */
    record PortError(int lid, int port) implements TrapDetails {
        /** Checks the widths. */
        public PortError {
            check("lid", lid, 16);
            check("port", port, 8);
        }

        @Override
        public void encode(byte[] b, int o) {
            Bits.put16(b, o + 2, lid);
            Bits.put8(b, o + 4, port);
        }
    }

    /**
     * Trap 144: a port's CapabilityMask, CapabilityMask2 or one of the fields named by the change flags changed.
     *
     * @param lid the port's LID
     * @param localChanges whether a locally-owned field other than the capability mask changed
     * @param capabilityMask the new CapabilityMask
     * @param changeFlags 16 bits: which local fields changed (NodeDescription, LinkWidthEnabled, ...)
     * @param capabilityMask2 the new CapabilityMask2
     */
    record CapabilityChange(int lid, boolean localChanges, int capabilityMask, int changeFlags,
            int capabilityMask2) implements TrapDetails {
        /** Checks the widths. */
        public CapabilityChange {
            check("lid", lid, 16);
            check("changeFlags", changeFlags, 16);
            check("capabilityMask2", capabilityMask2, 16);
        }

        @Override
        public void encode(byte[] b, int o) {
            Bits.put16(b, o + 2, lid);
            Bits.put8(b, o + 5, localChanges ? 1 : 0);
            Bits.put32(b, o + 6, capabilityMask);
            Bits.put16(b, o + 10, changeFlags);
            Bits.put16(b, o + 12, capabilityMask2);
        }
    }

    /**
     * Trap 256: an SMP carried a bad M_Key.
     *
     * @param lid the LID of the port that got it
     * @param drSlid the SMP's DrSLID
     * @param method the SMP's method
     * @param attributeId the SMP's attribute
     * @param attributeModifier the SMP's modifier
     * @param mKey the M_Key it carried (a secret: not in {@link #toString()})
     * @param drNotice whether the SMP was directed-route
     * @param drPathTruncated whether its return path did not fit the 30 bytes
     * @param drHopCount 6 bits
     * @param drReturnPath exactly 30 ports of its return path
     */
    record BadMKey(int lid, int drSlid, int method, int attributeId, int attributeModifier, long mKey, boolean drNotice,
            boolean drPathTruncated, int drHopCount, List<Integer> drReturnPath) implements TrapDetails {

        /** Length of the return path the trap carries. */
        public static final int PATH_LENGTH = 30;

        /** Checks the widths and copies the path. */
        public BadMKey {
            check("lid", lid, 16);
            check("drSlid", drSlid, 16);
            check("method", method, 8);
            check("attributeId", attributeId, 16);
            check("drHopCount", drHopCount, 6);
            drReturnPath = List.copyOf(drReturnPath);
            if (drReturnPath.size() != PATH_LENGTH) {
                throw new IllegalArgumentException("the return path of trap 256 has 30 entries");
            }
            for (int port : drReturnPath) {
                check("port", port, 8);
            }
        }

        @Override
        public void encode(byte[] b, int o) {
            Bits.put16(b, o + 2, lid);
            Bits.put16(b, o + 4, drSlid);
            Bits.put8(b, o + 6, method);
            Bits.put16(b, o + 8, attributeId);
            Bits.put32(b, o + 10, attributeModifier);
            Bits.put64(b, o + 14, mKey);
            Bits.put8(b, o + 23, (drNotice ? 0x80 : 0) | (drPathTruncated ? 0x40 : 0) | drHopCount);
            for (int i = 0; i < PATH_LENGTH; i++) {
                Bits.put8(b, o + 24 + i, drReturnPath.get(i));
            }
        }

        @Override
        public String toString() {
            return "BadMKey[lid " + lid + " drslid " + drSlid + " method 0x" + Integer.toHexString(method) + " attr 0x"
                    + Integer.toHexString(attributeId) + "]";
        }
    }

    /**
     * The details of other traps and of vendor notices, as bytes.
     *
     * @param bytes exactly 54 bytes (copied in and out)
     */
    record Raw(byte[] bytes) implements TrapDetails {
        /** Copies and checks the bytes. */
        public Raw {
            if (bytes.length != LENGTH) {
                throw new IllegalArgumentException("DataDetails has 54 bytes, not " + bytes.length);
            }
            bytes = bytes.clone();
        }

        @Override
        public byte[] bytes() {
            return bytes.clone();
        }

        @Override
        public void encode(byte[] b, int o) {
            System.arraycopy(bytes, 0, b, o, LENGTH);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Raw other && Arrays.equals(bytes, other.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "Raw[" + HexFormat.of().formatHex(bytes) + "]";
        }
    }
}
