package org.infiniscope.mad.smp;

import static org.infiniscope.mad.smp.SmaCodec.check;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * SMInfo (attribute 0x20, IBA 14.2.5.13).
 *
 * @param guid the SM's port GUID
 * @param smKey the SM_Key (a secret: not in {@link #toString()})
 * @param actCount the activity counter
 * @param priority 4 bits
 * @param smState 0 not active, 1 discovering, 2 standby, 3 master
 */
public record SmInfo(long guid, long smKey, int actCount, int priority, int smState) {

    /** The AttributeID. */
    public static final int ATTRIBUTE_ID = 0x20;
    /** SMState: not active. */
    public static final int NOT_ACTIVE = 0;
    /** SMState: discovering. */
    public static final int DISCOVERING = 1;
    /** SMState: standby. */
    public static final int STANDBY = 2;
    /** SMState: master. */
    public static final int MASTER = 3;

    /** Checks the field widths. */
    public SmInfo {
        check("priority", priority, 4);
        check("smState", smState, 4);
    }

    /** The wire form: 21 bytes. */
    public static final AttributeCodec<SmInfo> CODEC = new SmaCodec<>(ATTRIBUTE_ID, 21, "SMInfo",
            (b, o) -> new SmInfo(Bits.u64(b, o), Bits.u64(b, o + 8), Bits.u32(b, o + 16), Bits.get(b, o, 160, 4),
                    Bits.get(b, o, 164, 4)),
            (v, b, o) -> {
                Bits.put64(b, o, v.guid);
                Bits.put64(b, o + 8, v.smKey);
                Bits.put32(b, o + 16, v.actCount);
                Bits.set(b, o, 160, 4, v.priority);
                Bits.set(b, o, 164, 4, v.smState);
            });

    /** @return the state as sminfo prints it: "SMINFO_NOTACT", "SMINFO_DISCOVER", "SMINFO_STANDBY", "SMINFO_MASTER" */
    public String stateName() {
        return switch (smState) {
            case NOT_ACTIVE -> "SMINFO_NOTACT";
            case DISCOVERING -> "SMINFO_DISCOVER";
            case STANDBY -> "SMINFO_STANDBY";
            case MASTER -> "SMINFO_MASTER";
            default -> "?(" + smState + ")";
        };
    }

    @Override
    public String toString() {
        return String.format("SmInfo[guid 0x%016x act %d priority %d %s]", guid, Integer.toUnsignedLong(actCount),
                priority, stateName());
    }
}
