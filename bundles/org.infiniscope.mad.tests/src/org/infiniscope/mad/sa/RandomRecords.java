package org.infiniscope.mad.sa;

import org.infiniscope.mad.Gid;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.infiniscope.mad.smp.GuidInfo;
import org.infiniscope.mad.smp.LinearForwardingTable;
import org.infiniscope.mad.smp.MulticastForwardingTable;
import org.infiniscope.mad.smp.NodeDescription;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PKeyTable;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.SmInfo;
import org.infiniscope.mad.smp.Sl2VlTable;
import org.infiniscope.mad.smp.SwitchInfo;
import org.infiniscope.mad.smp.VlArbitrationTable;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.MadFormatException;

/** Random SA records with every field in range, from a seeded generator. */
final class RandomRecords {

    private final Random random;

    RandomRecords(long seed) {
        this.random = new Random(seed);
    }

    private int bits(int width) {
        return width == 32 ? random.nextInt() : random.nextInt(1 << width);
    }

    Gid gid() {
        return new Gid(random.nextLong(), random.nextLong());
    }

    PathRecord pathRecord() {
        return new PathRecord(random.nextLong(), gid(), gid(), bits(16), bits(16), random.nextBoolean(), bits(20),
                bits(8), bits(8), random.nextBoolean(), bits(7), bits(16), bits(12), bits(4), bits(2), bits(6), bits(2),
                bits(6), bits(2), bits(6), bits(8));
    }

    MCMemberRecord mcMemberRecord() {
        return new MCMemberRecord(gid(), gid(), random.nextInt(), bits(16), bits(2), bits(6), bits(8), bits(16),
                bits(2), bits(6), bits(2), bits(6), bits(4), bits(20), bits(8), bits(4), bits(4), random.nextBoolean());
    }

    LinkRecord linkRecord() {
        return new LinkRecord(bits(16), bits(8), bits(8), bits(16));
    }

    InformInfo informInfo() {
        return new InformInfo(gid(), bits(16), bits(16), random.nextBoolean(), random.nextBoolean(), bits(16), bits(16),
                bits(24), bits(5), bits(24));
    }

    InformInfoRecord informInfoRecord() {
        return new InformInfoRecord(gid(), bits(16), informInfo());
    }

    ServiceRecord serviceRecord() {
        List<Integer> data8 = new ArrayList<>();
        List<Integer> data16 = new ArrayList<>();
        List<Integer> data32 = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            data8.add(bits(8));
        }
        for (int i = 0; i < 8; i++) {
            data16.add(bits(16));
        }
        for (int i = 0; i < 4; i++) {
            data32.add(random.nextInt());
        }
        StringBuilder name = new StringBuilder();
        int length = random.nextInt(40);
        for (int i = 0; i < length; i++) {
            // Mostly ASCII, some two- and three-byte UTF-8: at most 40 × 3 = 120 bytes would overflow, so cap.
            char c = random.nextInt(8) == 0
                    ? (char) (0x00e0 + random.nextInt(0x100))
                    : (char) ('a' + random.nextInt(26));
            name.append(c);
        }
        while (name.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length > ServiceRecord.NAME_LENGTH) {
            name.setLength(name.length() - 1);
        }
        return new ServiceRecord(random.nextLong(), gid(), bits(16), Integer.toUnsignedLong(random.nextInt()),
                random.nextLong(), random.nextLong(), name.toString(), data8, data16, data32,
                List.of(random.nextLong(), random.nextLong()));
    }

    /** An SMA attribute decoded from random bytes: every bit pattern of its non-reserved fields is a valid value. */
    <T> T attribute(AttributeCodec<T> codec) {
        byte[] wire = new byte[codec.length()];
        random.nextBytes(wire);
        try {
            return codec.decode(wire, 0);
        } catch (MadFormatException e) {
            throw new AssertionError(codec + " refused random bytes", e);
        }
    }

    NodeDescription nodeDescription() {
        StringBuilder text = new StringBuilder();
        int length = random.nextInt(70);
        for (int i = 0; i < length; i++) {
            text.append(random.nextInt(8) == 0
                    ? (char) (0x00e0 + random.nextInt(0x100))
                    : (char) ('a' + random.nextInt(26)));
        }
        while (text.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length > NodeDescription.LENGTH) {
            text.setLength(text.length() - 1);
        }
        return new NodeDescription(text.toString());
    }

    NodeRecord nodeRecord() {
        return new NodeRecord(bits(16), attribute(NodeInfo.CODEC), nodeDescription());
    }

    PortInfoRecord portInfoRecord() {
        return new PortInfoRecord(bits(16), bits(8), bits(8), attribute(PortInfo.CODEC));
    }

    SL2VLRecord sl2VlRecord() {
        return new SL2VLRecord(bits(16), bits(8), bits(8), attribute(Sl2VlTable.CODEC));
    }

    SwitchInfoRecord switchInfoRecord() {
        return new SwitchInfoRecord(bits(16), attribute(SwitchInfo.CODEC));
    }

    LFTRecord lftRecord() {
        return new LFTRecord(bits(16), bits(16), attribute(LinearForwardingTable.CODEC));
    }

    MFTRecord mftRecord() {
        return new MFTRecord(bits(16), bits(4), bits(9), attribute(MulticastForwardingTable.CODEC));
    }

    SMInfoRecord smInfoRecord() {
        return new SMInfoRecord(bits(16), attribute(SmInfo.CODEC));
    }

    GUIDInfoRecord guidInfoRecord() {
        return new GUIDInfoRecord(bits(16), bits(8), attribute(GuidInfo.CODEC));
    }

    PKeyTableRecord pKeyTableRecord() {
        return new PKeyTableRecord(bits(16), bits(16), bits(8), attribute(PKeyTable.CODEC));
    }

    VLArbRecord vlArbRecord() {
        return new VLArbRecord(bits(16), bits(8), bits(8), attribute(VlArbitrationTable.CODEC));
    }
}
