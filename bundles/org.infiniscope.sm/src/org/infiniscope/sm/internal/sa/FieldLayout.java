package org.infiniscope.sm.internal.sa;

import java.util.Arrays;

import org.infiniscope.mad.sa.SaStatus;

/**
 * Where each component of an SA record lies (IBA 15.2.5: component {@code i} is ComponentMask bit {@code i}), in
 * bits from the record's start, big-endian as on the wire. The SA matches a table's records against a request's
 * template by comparing the bits of the components the mask selects.
 */
final class FieldLayout {

    private final String record;
    private final int[] start;
    private final int[] length;
    private final long reserved;

    /**
     * @param record the record's name, for messages
     * @param fields {@code {start, length}} of each component in number order
     * @param reservedComponents the mask of the reserved components (matched never, allowed in a request)
     */
    FieldLayout(String record, int[][] fields, long reservedComponents) {
        this.record = record;
        this.start = new int[fields.length];
        this.length = new int[fields.length];
        for (int i = 0; i < fields.length; i++) {
            start[i] = fields[i][0];
            length[i] = fields[i][1];
        }
        this.reserved = reservedComponents;
    }

    /** @return how many components the record has */
    int components() {
        return start.length;
    }

    /** @throws SaError ERR_REQ_INVALID when the mask selects a component the record does not have */
    void check(long mask) throws SaError {
        if (start.length < 64 && (mask >>> start.length) != 0) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID, String
                    .format("ComponentMask 0x%x selects components beyond the %d of a %s", mask, start.length, record));
        }
    }

    /**
     * @return whether every component the mask selects (reserved ones aside) has the same bits in the record at
     *         {@code recordOffset} of {@code candidate} as in the template
     */
    boolean matches(long mask, byte[] template, int templateOffset, byte[] candidate, int recordOffset) {
        long m = mask & ~reserved;
        while (m != 0) {
            int i = Long.numberOfTrailingZeros(m);
            m &= m - 1;
            if (i >= start.length || !same(template, templateOffset, candidate, recordOffset, start[i], length[i])) {
                return false;
            }
        }
        return true;
    }

    private static boolean same(byte[] a, int aOffset, byte[] b, int bOffset, int from, int bits) {
        if (from % 8 == 0 && bits % 8 == 0) {
            int at = from / 8;
            return Arrays.equals(a, aOffset + at, aOffset + at + bits / 8, b, bOffset + at, bOffset + at + bits / 8);
        }
        for (int bit = from; bit < from + bits; bit++) {
            if (bit(a, aOffset, bit) != bit(b, bOffset, bit)) {
                return false;
            }
        }
        return true;
    }

    private static int bit(byte[] b, int offset, int bit) {
        return (b[offset + bit / 8] >>> (7 - bit % 8)) & 1;
    }

    private static int[] f(int start, int length) {
        return new int[]{start, length};
    }

    /** NodeRecord: LID, a reserved half-word, the NodeInfo fields, the NodeDescription. */
    static final FieldLayout NODE = new FieldLayout(
            "NodeRecord", new int[][]{f(0, 16), f(16, 16), f(32, 8), f(40, 8), f(48, 8), f(56, 8), f(64, 64),
                    f(128, 64), f(192, 64), f(256, 16), f(272, 16), f(288, 32), f(320, 8), f(328, 24), f(352, 512)},
            1L << 1);

    /** PortInfoRecord: EndportLID, PortNum, Options, then every PortInfo field (IBA 14.2.5.6) 32 bits on. */
    static final FieldLayout PORT_INFO;

    static {
        int[][] pi = {f(0, 64), f(64, 64), f(128, 16), f(144, 16), f(160, 32), f(192, 16), f(208, 16), f(224, 8),
                f(232, 8), f(240, 8), f(248, 8), f(256, 4), f(260, 4), f(264, 4), f(268, 4), f(272, 2), f(274, 3),
                f(277, 3), f(280, 4), f(284, 4), f(288, 4), f(292, 4), f(296, 4), f(300, 4), f(304, 8), f(312, 8),
                f(320, 8), f(328, 4), f(332, 4), f(336, 3), f(339, 5), f(344, 4), f(348, 1), f(349, 1), f(350, 1),
                f(351, 1), f(352, 16), f(368, 16), f(384, 16), f(400, 8), f(408, 1), f(409, 2), f(411, 5), f(416, 3),
                f(419, 5), f(424, 4), f(428, 4), f(432, 16), f(448, 8), f(456, 24), f(480, 16), f(496, 4), f(500, 4),
                f(504, 3), f(507, 5)};
        int[][] all = new int[3 + pi.length][];
        all[0] = f(0, 16);
        all[1] = f(16, 8);
        all[2] = f(24, 8);
        for (int i = 0; i < pi.length; i++) {
            all[3 + i] = f(32 + pi[i][0], pi[i][1]);
        }
        PORT_INFO = new FieldLayout("PortInfoRecord", all, 1L << 19 | 1L << 46 | 1L << 51 | 1L << 56);
    }

    /** LinkRecord: FromLID, FromPort, ToPort, ToLID. */
    static final FieldLayout LINK = new FieldLayout("LinkRecord", new int[][]{f(0, 16), f(16, 8), f(24, 8), f(32, 16)},
            0);

    /** SwitchInfoRecord: LID, reserved, then the SwitchInfo fields (IBA 14.2.5.4). */
    static final FieldLayout SWITCH_INFO = new FieldLayout("SwitchInfoRecord",
            new int[][]{f(0, 16), f(16, 16), f(32, 16), f(48, 16), f(64, 16), f(80, 16), f(96, 8), f(104, 8), f(112, 8),
                    f(120, 5), f(125, 1), f(126, 2), f(128, 16), f(144, 16), f(160, 1), f(161, 1), f(162, 1), f(163, 1),
                    f(164, 1), f(165, 11), f(176, 16)},
            1L << 1 | 1L << 19);

    /** LFTRecord: LID, BlockNum. */
    static final FieldLayout LFT = new FieldLayout("LFTRecord", new int[][]{f(0, 16), f(16, 16)}, 0);

    /** SMInfoRecord: LID, reserved, GUID, SM_Key, ActCount, Priority, SMState. */
    static final FieldLayout SM_INFO = new FieldLayout("SMInfoRecord",
            new int[][]{f(0, 16), f(16, 16), f(32, 64), f(96, 64), f(160, 32), f(192, 4), f(196, 4)}, 1L << 1);

    /** InformInfoRecord: SubscriberGID, Enum, reserved, then InformInfo's fields 192 bits on. */
    static final FieldLayout INFORM_INFO = new FieldLayout("InformInfoRecord",
            new int[][]{f(0, 128), f(128, 16), f(144, 48), f(192, 128), f(320, 16), f(336, 16), f(352, 16), f(368, 8),
                    f(376, 8), f(384, 16), f(400, 16), f(416, 24), f(440, 3), f(443, 5), f(448, 8), f(456, 24)},
            1L << 2 | 1L << 6 | 1L << 12 | 1L << 14);

    /** ServiceRecord: ID, GID, P_Key, reserved, lease, key, name, then the 16 + 8 + 4 + 2 ServiceData values. */
    static final FieldLayout SERVICE;

    static {
        int[][] all = new int[37][];
        int[][] head = {f(0, 64), f(64, 128), f(192, 16), f(208, 16), f(224, 32), f(256, 128), f(384, 512)};
        System.arraycopy(head, 0, all, 0, head.length);
        for (int i = 0; i < 16; i++) {
            all[7 + i] = f(896 + 8 * i, 8);
        }
        for (int i = 0; i < 8; i++) {
            all[23 + i] = f(1024 + 16 * i, 16);
        }
        for (int i = 0; i < 4; i++) {
            all[31 + i] = f(1152 + 32 * i, 32);
        }
        for (int i = 0; i < 2; i++) {
            all[35 + i] = f(1280 + 64 * i, 64);
        }
        SERVICE = new FieldLayout("ServiceRecord", all, 1L << 3);
    }

    /** MCMemberRecord (IBA 15.2.5.17). */
    static final FieldLayout MC_MEMBER = new FieldLayout("MCMemberRecord",
            new int[][]{f(0, 128), f(128, 128), f(256, 32), f(288, 16), f(304, 2), f(306, 6), f(312, 8), f(320, 16),
                    f(336, 2), f(338, 6), f(344, 2), f(346, 6), f(352, 4), f(356, 20), f(376, 8), f(384, 4), f(388, 4),
                    f(392, 1)},
            0);

    /** PathRecord (IBA 15.2.5.16). */
    static final FieldLayout PATH = new FieldLayout("PathRecord",
            new int[][]{f(0, 32), f(32, 32), f(64, 128), f(192, 128), f(320, 16), f(336, 16), f(352, 1), f(353, 3),
                    f(356, 20), f(376, 8), f(384, 8), f(392, 1), f(393, 7), f(400, 16), f(416, 12), f(428, 4),
                    f(432, 2), f(434, 6), f(440, 2), f(442, 6), f(448, 2), f(450, 6), f(456, 8)},
            1L << 7);
}
