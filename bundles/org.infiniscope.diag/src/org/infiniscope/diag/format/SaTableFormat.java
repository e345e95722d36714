package org.infiniscope.diag.format;

import static org.infiniscope.diag.format.SaFormat.gid;
import static org.infiniscope.diag.format.SaFormat.guid;
import static org.infiniscope.diag.format.SaFormat.hex;
import static org.infiniscope.diag.format.SaFormat.line;

import java.util.List;
import java.util.Locale;

import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.sa.GUIDInfoRecord;
import org.infiniscope.mad.sa.InformInfo;
import org.infiniscope.mad.sa.InformInfoRecord;
import org.infiniscope.mad.sa.LFTRecord;
import org.infiniscope.mad.sa.MFTRecord;
import org.infiniscope.mad.sa.PKeyTableRecord;
import org.infiniscope.mad.sa.SL2VLRecord;
import org.infiniscope.mad.sa.VLArbRecord;
import org.infiniscope.mad.smp.MulticastForwardingTable;
import org.infiniscope.mad.smp.VlArbitrationTable;

/**
 * The SA's ClassPortInfo and its table records (SL2VL, P_Key, VL arbitration, LFT, MFT, GUIDInfo, InformInfo) as
 * infiniband-diags 44's {@code saquery} dumps them, field for field in its order and number formats.
 */
public final class SaTableFormat {

    /** What saquery prints for a key it hides unless asked ({@code NOT_DISPLAYED_STR}). */
    public static final String NOT_DISPLAYED = "<not displayed>";

    private SaTableFormat() {
    }

    /** @return {@code saquery -c}'s block */
    public static String classPortInfo(ClassPortInfo c) {
        ClassPortInfo.Address r = c.redirect();
        ClassPortInfo.Address t = c.trap();
        return "SA ClassPortInfo:\n" + line("Base version.............", c.baseVersion())
                + line("Class version............", c.classVersion())
                + line("Capability mask..........", String.format(Locale.ROOT, "0x%04X", c.capabilityMask()))
                + line("Capability mask 2........", String.format(Locale.ROOT, "0x%08X", c.capabilityMask2()))
                + line("Response time value......", String.format(Locale.ROOT, "0x%02X", c.respTimeValue()))
                + line("Redirect GID.............", gid(r.gid())) + line("Redirect TC/SL/FL........", hex8(tcSlFl(r)))
                + line("Redirect LID.............", r.lid())
                + line("Redirect PKey............", String.format(Locale.ROOT, "0x%04X", r.pKey()))
                + line("Redirect QP..............", hex8(r.qp())) + line("Redirect QKey............", hex8(r.qKey()))
                + line("Trap GID.................", gid(t.gid())) + line("Trap TC/SL/FL............", hex8(tcSlFl(t)))
                + line("Trap LID.................", t.lid())
                + line("Trap PKey................", String.format(Locale.ROOT, "0x%04X", t.pKey()))
                + line("Trap HL/QP...............", hex8((long) c.trapHopLimit() << 24 | t.qp()))
                + line("Trap QKey................", hex8(t.qKey()));
    }

    private static long tcSlFl(ClassPortInfo.Address a) {
        return (long) a.trafficClass() << 24 | a.serviceLevel() << 20 | a.flowLabel();
    }

    private static String hex8(long value) {
        return String.format(Locale.ROOT, "0x%08X", value & 0xFFFF_FFFFL);
    }

    /** @return {@code saquery SL2VL}'s block */
    public static String sl2VlRecord(SL2VLRecord r) {
        StringBuilder vls = new StringBuilder("\t\tVL:");
        for (int vl : r.sl2Vl().vls()) {
            vls.append(String.format(Locale.ROOT, "%2d|", vl));
        }
        return "SL2VLTableRecord dump:\n" + line("LID........................", r.lid())
                + line("InPort.....................", r.inputPortNum())
                + line("OutPort....................", r.outputPortNum())
                + "\t\tSL: 0| 1| 2| 3| 4| 5| 6| 7| 8| 9|10|11|12|13|14|15|\n" + vls + "\n";
    }

    /** @return {@code saquery VLAR}'s block: the 32 entries of the block in two rows of 16 */
    public static String vlArbRecord(VLArbRecord r) {
        StringBuilder text = new StringBuilder("VLArbTableRecord dump:\n")
                .append(line("LID........................", r.lid()))
                .append(line("Port.......................", r.outputPortNum()))
                .append(line("Block......................", r.blockNum()));
        List<VlArbitrationTable.Entry> entries = r.vlArbitration().entries();
        for (int i = 0; i < 32; i += 16) {
            StringBuilder vl = new StringBuilder("\t\tVL    :");
            StringBuilder weight = new StringBuilder("\t\tWeight:");
            for (int j = i; j < i + 16; j++) {
                VlArbitrationTable.Entry e = j < entries.size() ? entries.get(j) : new VlArbitrationTable.Entry(0, 0);
                vl.append(String.format(Locale.ROOT, "%2d|", e.vl()));
                weight.append(String.format(Locale.ROOT, "%2d|", e.weight()));
            }
            text.append(vl).append('\n').append(weight).append('\n');
        }
        return text.toString();
    }

    /** @return {@code saquery PKTR}'s block: the 32 P_Keys of the block, eight a line, and an empty line */
    public static String pKeyTableRecord(PKeyTableRecord r) {
        StringBuilder text = new StringBuilder("PKeyTableRecord dump:\n")
                .append(line("LID........................", r.lid()))
                .append(line("Port.......................", r.portNum()))
                .append(line("Block......................", r.blockNum())).append("\t\tPKey Table:\n");
        List<Integer> keys = r.pKeyTable().pKeys();
        for (int i = 0; i < 32; i += 8) {
            text.append("\t\t");
            for (int j = i; j < i + 8; j++) {
                text.append(j > i ? " " : "")
                        .append(String.format(Locale.ROOT, "0x%04x", j < keys.size() ? keys.get(j) : 0));
            }
            text.append('\n');
        }
        return text.append('\n').toString();
    }

    /** @return {@code saquery LFTR}'s block: each of the block's 64 LIDs with its port, and an empty line */
    public static String lftRecord(LFTRecord r) {
        StringBuilder text = new StringBuilder("LFT Record dump:\n")
                .append(line("LID........................", r.lid()))
                .append(line("Block......................", r.blockNum())).append("\t\tLFT:\n\t\tLID\tPort Number\n");
        List<Integer> ports = r.lft().ports();
        for (int i = 0; i < 64; i++) {
            text.append("\t\t").append(r.blockNum() * 64 + i).append('\t').append(i < ports.size() ? ports.get(i) : 0)
                    .append('\n');
        }
        return text.append('\n').toString();
    }

    /** @return {@code saquery MFTR}'s block: each of the block's 32 MLIDs with its port mask, and an empty line */
    public static String mftRecord(MFTRecord r) {
        StringBuilder text = new StringBuilder("MFT Record dump:\n")
                .append(line("LID........................", r.lid()))
                .append(line("Position...................", r.position()))
                .append(line("Block......................", r.blockNum())).append("\t\tMFT:\n\t\tMLID\tPort Mask\n");
        List<Integer> masks = r.mft().portMasks();
        int first = MulticastForwardingTable.MULTICAST_LID_BASE + r.blockNum() * 32;
        for (int i = 0; i < 32; i++) {
            text.append(
                    String.format(Locale.ROOT, "\t\t0x%04x\t0x%04x\n", first + i, i < masks.size() ? masks.get(i) : 0));
        }
        return text.append('\n').toString();
    }

    /** @return {@code saquery GIR}'s block: the eight GUIDs of the block */
    public static String guidInfoRecord(GUIDInfoRecord r) {
        StringBuilder text = new StringBuilder("GUIDInfo Record dump:\n")
                .append(line("LID........................", r.lid()))
                .append(line("Block......................", r.blockNum()));
        List<Long> guids = r.guidInfo().guids();
        for (int i = 0; i < 8; i++) {
            text.append(line("GUID " + i + ".....................", guid(i < guids.size() ? guids.get(i) : 0)));
        }
        return text.toString();
    }

    /**
     * @param showKeys whether to print the QPN (saquery hides it: it has no option to show it)
     * @return {@code saquery IIR}'s block, generic or vendor as the InformInfo is
     */
    public static String informInfoRecord(InformInfoRecord r, boolean showKeys) {
        InformInfo i = r.informInfo();
        String text = "InformInfoRecord dump:\n\t\tRID\n" + line("SubscriberGID...........", gid(r.subscriberGid()))
                + line("SubscriberEnum..........", hex(r.subscriberEnum())) + "\t\tInformInfo dump:\n"
                + line("gid.....................", gid(i.gid())) + line("lid_range_begin.........", i.lidRangeBegin())
                + line("lid_range_end...........", i.lidRangeEnd())
                + line("is_generic..............", hex(i.isGeneric() ? 1 : 0))
                + line("subscribe...............", hex(i.subscribe() ? 1 : 0))
                + line("trap_type...............", hex(i.type()))
                + (i.isGeneric()
                        ? line("trap_num................", i.trapNumberOrDeviceId())
                        : line("dev_id..................", hex(i.trapNumberOrDeviceId())))
                + line("qpn.....................",
                        showKeys ? String.format(Locale.ROOT, "0x%06X", i.qpn()) : NOT_DISPLAYED)
                + line("resp_time_val...........", hex(i.respTimeValue()));
        return text + line(i.isGeneric() ? "node_type..............." : "vendor_id...............",
                String.format(Locale.ROOT, "0x%06X", i.producerTypeOrVendorId()));
    }
}
