package org.infiniscope.diag.internal;

import org.infiniscope.diag.format.SaTableFormat;
import org.infiniscope.mad.sa.GUIDInfoRecord;
import org.infiniscope.mad.sa.InformInfoRecord;
import org.infiniscope.mad.sa.LFTRecord;
import org.infiniscope.mad.sa.MFTRecord;
import org.infiniscope.mad.sa.PKeyTableRecord;
import org.infiniscope.mad.sa.SL2VLRecord;
import org.infiniscope.mad.sa.VLArbRecord;
import org.infiniscope.mad.wire.Bits;

/**
 * saquery's table record types (SL2VL, PKTR, VLAR, IIR, LFTR, MFTR, GIR): the template and component mask each
 * argument {@code LID/A/B} gives, as saquery builds them, and the records printed through {@link SaTableFormat}.
 */
final class SaTables {

    /** MFTRecord's PositionBlockNum: the block is its low 9 bits, the position the top 4. */
    private static final int MFT_BLOCK_MASK = 0x1FF;

    private SaTables() {
    }

    static void query(SaQuery out, SaClient sa, SaQueryArgs args, byte[] t) throws QueryException {
        long mask = 0;
        int[] parts = {-1, -1};
        switch (args.type()) {
            case SL2VL -> {
                int lid = out.lidAndPorts(args.argument(0), parts);
                mask |= SaQuery.put16(t, 0, lid, SL2VLRecord.Components.LID);
                mask |= SaQuery.put8(t, 2, parts[0], SL2VLRecord.Components.INPUT_PORT_NUM);
                mask |= SaQuery.put8(t, 3, parts[1], SL2VLRecord.Components.OUTPUT_PORT_NUM);
                for (SL2VLRecord r : sa.getTable(SL2VLRecord.CODEC, 0, mask, t)) {
                    out.emit(r, SaTableFormat.sl2VlRecord(r));
                }
            }
            case PKTR -> {
                int lid = out.lidAndPorts(args.argument(0), parts);
                mask |= SaQuery.put16(t, 0, lid, PKeyTableRecord.Components.LID);
                mask |= SaQuery.put8(t, 4, parts[0], PKeyTableRecord.Components.PORT_NUM);
                mask |= put16Or(t, 2, parts[1], PKeyTableRecord.Components.BLOCK_NUM);
                for (PKeyTableRecord r : sa.getTable(PKeyTableRecord.CODEC, 0, mask, t)) {
                    out.emit(r, SaTableFormat.pKeyTableRecord(r));
                }
            }
            case VLAR -> {
                int lid = out.lidAndPorts(args.argument(0), parts);
                mask |= SaQuery.put16(t, 0, lid, VLArbRecord.Components.LID);
                mask |= SaQuery.put8(t, 2, parts[0], VLArbRecord.Components.OUTPUT_PORT_NUM);
                mask |= SaQuery.put8(t, 3, parts[1], VLArbRecord.Components.BLOCK_NUM);
                for (VLArbRecord r : sa.getTable(VLArbRecord.CODEC, 0, mask, t)) {
                    out.emit(r, SaTableFormat.vlArbRecord(r));
                }
            }
            case IIR -> {
                if (args.argument(0) != null) {
                    mask |= SaQuery.putGid(t, 0, gid(args.argument(0)), InformInfoRecord.Components.SUBSCRIBER_GID);
                }
                for (InformInfoRecord r : sa.getTable(InformInfoRecord.CODEC, 0, mask, t)) {
                    out.emit(r, SaTableFormat.informInfoRecord(r, false));
                }
            }
            case LFTR -> {
                int lid = out.lidAndPorts(args.argument(0), parts);
                mask |= SaQuery.put16(t, 0, lid, LFTRecord.Components.LID);
                mask |= put16Or(t, 2, parts[0], LFTRecord.Components.BLOCK_NUM);
                for (LFTRecord r : sa.getTable(LFTRecord.CODEC, 0, mask, t)) {
                    out.emit(r, SaTableFormat.lftRecord(r));
                }
            }
            case MFTR -> {
                // saquery's MFTR argument is LID/POSITION/BLOCK
                int lid = out.lidAndPorts(args.argument(0), parts);
                mask |= SaQuery.put16(t, 0, lid, MFTRecord.Components.LID);
                int positionBlock = 0;
                if (parts[1] >= 0) {
                    positionBlock |= parts[1] & MFT_BLOCK_MASK;
                    mask |= MFTRecord.Components.BLOCK_NUM;
                }
                if (parts[0] >= 0) {
                    positionBlock |= (parts[0] & 0xF) << 12;
                    mask |= MFTRecord.Components.POSITION;
                }
                Bits.put16(t, 2, positionBlock);
                for (MFTRecord r : sa.getTable(MFTRecord.CODEC, 0, mask, t)) {
                    out.emit(r, SaTableFormat.mftRecord(r));
                }
            }
            case GIR -> {
                int lid = out.lidAndPorts(args.argument(0), parts);
                mask |= SaQuery.put16(t, 0, lid, GUIDInfoRecord.Components.LID);
                mask |= SaQuery.put8(t, 2, parts[0], GUIDInfoRecord.Components.BLOCK_NUM);
                for (GUIDInfoRecord r : sa.getTable(GUIDInfoRecord.CODEC, 0, mask, t)) {
                    out.emit(r, SaTableFormat.guidInfoRecord(r));
                }
            }
            default -> throw new IllegalStateException("not a table record type: " + args.type());
        }
    }

    /** A 16-bit component that saquery sets even to 0 (any value but -1). */
    private static long put16Or(byte[] t, int offset, int value, long component) {
        if (value < 0) {
            return 0;
        }
        Bits.put16(t, offset, value);
        return component;
    }

    private static org.infiniscope.mad.Gid gid(String text) throws QueryException {
        try {
            return SaQueryArgs.gid(text, "InformInfoRecord's subscriber_gid");
        } catch (org.infiniscope.console.UsageException e) {
            throw new QueryException("Invalid SubscriberGID specified: \"" + text + "\"");
        }
    }
}
