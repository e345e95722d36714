package org.infiniscope.mad.sa;

import org.infiniscope.mad.Gid;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

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
        return new InformInfo(gid(), bits(16), bits(16), random.nextBoolean(), random.nextBoolean(), bits(16),
                bits(16), bits(24), bits(5), bits(24));
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
}
