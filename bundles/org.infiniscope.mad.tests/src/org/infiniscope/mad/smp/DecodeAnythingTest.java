package org.infiniscope.mad.smp;

import java.io.IOException;
import java.util.List;
import java.util.Random;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.MadFormatException;
import org.junit.jupiter.api.Test;

/**
 * A slice of the fuzzing that lives in {@code bench/}: random and mutated MADs fed to every decoder of the package
 * must give a value or a {@link MadFormatException}, and the directed-route rules a decision; nothing else.
 */
class DecodeAnythingTest {

    private static final List<AttributeCodec<?>> CODECS = SmaCodecsTest.codecs().toList();
    private static final java.util.Map<Integer, AttributeCodec<?>> BY_ID = CODECS.stream()
            .collect(java.util.stream.Collectors.toMap(AttributeCodec::attributeId, c -> c));
    private static final String[] SEEDS = {"nodeinfo-switch.hex", "portinfo-ca.hex", "switchinfo.hex", "lft-block0.hex",
            "sminfo.hex", "nodeinfo-switch-request.hex"};

    @Test
    void everyDecoderAnswersEveryInputWithAValueOrACheckedError() throws IOException {
        Random random = new Random(20261129);
        byte[][] seeds = new byte[SEEDS.length][];
        for (int i = 0; i < SEEDS.length; i++) {
            seeds[i] = GoldenSmpTest.load(SEEDS[i]);
        }
        DirectedRoute.Node node = new DirectedRoute.Node(true, 36, 5);
        for (int i = 0; i < 100_000; i++) {
            byte[] mad = next(random, seeds);
            feed(mad, random.nextInt(Math.max(1, mad.length + 8)) - 4, i);
            if (mad.length == Mad.SIZE) {
                DirectedRoute.processAtNode(mad, random.nextInt(37), node);
            }
        }
    }

    private static byte[] next(Random random, byte[][] seeds) {
        switch (random.nextInt(4)) {
            case 0 : {
                byte[] any = new byte[random.nextInt(300)];
                random.nextBytes(any);
                return any;
            }
            case 1 : {
                // a plausible SMP header so the decoders get past the first checks
                byte[] smp = new byte[Mad.SIZE];
                random.nextBytes(smp);
                smp[0] = 1;
                smp[1] = (byte) (random.nextBoolean() ? 0x81 : 0x01);
                smp[2] = 1;
                smp[7] = (byte) random.nextInt(66);
                smp[6] = (byte) random.nextInt(68);
                smp[16] = random.nextBoolean() ? (byte) 0xFF : 0;
                smp[17] = (byte) CODECS.get(random.nextInt(CODECS.size())).attributeId();
                return smp;
            }
            default : {
                byte[] seed = seeds[random.nextInt(seeds.length)].clone();
                for (int flips = 1 + random.nextInt(8); flips > 0; flips--) {
                    seed[random.nextInt(seed.length)] ^= (byte) (1 << random.nextInt(8));
                }
                return random.nextInt(10) == 0 ? java.util.Arrays.copyOf(seed, random.nextInt(seed.length)) : seed;
            }
        }
    }

    private static void feed(byte[] mad, int offset, int round) {
        try {
            Smp.decode(mad).encode();
        } catch (MadFormatException expected) {
            // a checked error is a valid answer
        }
        // the codec an agent would pick by the attribute ID; the others fail at the ID check, which is covered apart
        AttributeCodec<?> byId = mad.length > 17 ? BY_ID.get((mad[16] & 0xFF) << 8 | (mad[17] & 0xFF)) : null;
        try {
            AttributeCodec<?> codec = byId != null ? byId : CODECS.get(0);
            Smp.decodeAttribute(mad, codec);
        } catch (MadFormatException expected) {
            // as above
        }
        // each codec also sees the raw bytes at a random offset; two a round keep the slice inside its budget
        for (int k = 0; k < 2; k++) {
            AttributeCodec<?> codec = CODECS.get((2 * round + k) % CODECS.size());
            try {
                codec.decode(mad, offset);
            } catch (MadFormatException expected) {
                // as above
            }
        }
    }
}
