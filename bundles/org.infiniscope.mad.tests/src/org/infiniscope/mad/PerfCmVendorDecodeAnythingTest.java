package org.infiniscope.mad;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;

import org.infiniscope.mad.cm.CmMad;
import org.infiniscope.mad.cm.CmMessageCodec;
import org.infiniscope.mad.cm.Rej;
import org.infiniscope.mad.cm.Rtu;
import org.infiniscope.mad.internal.vendor.MellanoxGeneralInfoCodec;
import org.infiniscope.mad.perf.ExtendedCounterVariant;
import org.infiniscope.mad.perf.PerfAttributes;
import org.infiniscope.mad.perf.PerfMgtMad;
import org.infiniscope.mad.vendor.MellanoxGeneralInfo;
import org.infiniscope.mad.vendor.VendorMad;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.Octets;
import org.junit.jupiter.api.Test;

/**
 * 100,000 random and mutated MADs through every decoder of the perf, cm and vendor packages and ClassPortInfo:
 * each gives a value or a {@link MadFormatException}, never another exception. This is the small slice the
 * default build runs (about a second on an idle machine); millions of cases belong in a bench script.
 */
class PerfCmVendorDecodeAnythingTest {

    /** A decoder under test. */
    @FunctionalInterface
    private interface Decoder {
        Object decode(byte[] mad) throws MadFormatException;
    }

    private static final int CASES = 100_000;

    @Test
    void everyDecoderAnswersAValueOrAFormatException() {
        List<Decoder> whole = wholeMadDecoders();
        List<Decoder> raw = rawDecoders();
        List<byte[]> seeds = seeds();
        Random random = new Random(0xFADE);
        for (int i = 0; i < CASES; i++) {
            byte[] mad = mutate(random, seeds.get(random.nextInt(seeds.size())));
            for (Decoder decoder : whole) {
                check(i, mad, decoder);
            }
            // Three of the raw codecs a MAD, so each still sees thousands of cases within the time budget.
            for (int k = 0; k < 3; k++) {
                check(i, mad, raw.get(random.nextInt(raw.size())));
            }
        }
    }

    private static void check(int i, byte[] mad, Decoder decoder) {
        try {
            assertNotNull(decoder.decode(mad));
        } catch (MadFormatException expected) {
            // the only acceptable failure
        } catch (RuntimeException | Error e) {
            fail("case " + i + " " + HexFormat.of().formatHex(mad) + " threw " + e, e);
        }
    }

    private static final List<AttributeCodec<?>> PERF = List.of(ClassPortInfo.CODEC, PerfAttributes.PORT_COUNTERS,
            PerfAttributes.PORT_RCV_ERROR_DETAILS, PerfAttributes.PORT_XMIT_DISCARD_DETAILS,
            ExtendedCounterVariant.NO_IETF.codec(), ExtendedCounterVariant.FULL.codec(),
            ExtendedCounterVariant.ADDITIONAL.codec());

    /** The decoders of whole MADs, each choosing the attribute codec by the header as its users would. */
    private static List<Decoder> wholeMadDecoders() {
        Map<Integer, AttributeCodec<?>> byAttribute = PERF.stream()
                .collect(Collectors.toMap(AttributeCodec::attributeId, codec -> codec, (first, second) -> first));
        MellanoxGeneralInfoCodec mellanox = new MellanoxGeneralInfoCodec();
        return List.of(
                mad -> PerfMgtMad.decode(mad,
                        byAttribute.getOrDefault(mad.length > 17 ? Bits.u16(mad, 16) : 0, ClassPortInfo.CODEC)),
                CmMad::decode, VendorMad::decode, mad -> mellanox.decode(VendorMad.decode(mad)));
    }

    /** Every attribute codec at its place in a MAD, whatever the header says. */
    private static List<Decoder> rawDecoders() {
        List<Decoder> decoders = new ArrayList<>();
        for (AttributeCodec<?> codec : PERF) {
            decoders.add(mad -> codec.decode(mad, PerfMgtMad.DATA_OFFSET));
        }
        for (CmMessageCodec<?> codec : CmMad.CODECS) {
            decoders.add(mad -> codec.decode(mad, CmMad.DATA_OFFSET));
        }
        decoders.add(mad -> MellanoxGeneralInfo.CODEC.decode(mad, VendorMad.RANGE1_DATA_OFFSET));
        return decoders;
    }

    private static List<byte[]> seeds() {
        List<byte[]> seeds = new ArrayList<>();
        seeds.add(PerfMgtMad.getClassPortInfo(1));
        seeds.add(PerfMgtMad.get(PerfAttributes.PORT_COUNTERS, 2, 1));
        seeds.add(PerfMgtMad.get(ExtendedCounterVariant.ADDITIONAL.codec(), 3, 1));
        seeds.add(CmMad.encode(new Rtu(1, 2, Octets.of((byte) 7)), 4));
        seeds.add(CmMad.encode(new Rej(1, 2, Rej.REQ, 28, Octets.of(new byte[72]), null), 5));
        byte[] vendor = VendorMad
                .get(MellanoxGeneralInfo.MGMT_CLASS, 1, VendorMad.NO_OUI, MellanoxGeneralInfo.ATTRIBUTE_ID, 0, 6)
                .encode();
        vendor[34] = (byte) 0xcf;
        vendor[35] = 0x08;
        seeds.add(vendor);
        seeds.add(VendorMad.get(0x30, 1, 0x0002C9, 0x10, 0, 7).encode());
        return seeds;
    }

    private static byte[] mutate(Random random, byte[] seed) {
        // Mostly mutations of valid MADs, which get deepest into the decoders; some noise, a few truncations.
        switch (random.nextInt(8)) {
            case 0, 1 -> {
                byte[] noise = new byte[256];
                random.nextBytes(noise);
                noise[0] = 1; // past the base version check most of the time
                return noise;
            }
            case 2 -> {
                return Arrays.copyOf(seed, random.nextInt(257));
            }
            default -> {
                byte[] mad = seed.clone();
                for (int flips = 1 + random.nextInt(8); flips > 0; flips--) {
                    int at = random.nextInt(256);
                    mad[at] = random.nextBoolean()
                            ? (byte) random.nextInt(256)
                            : (byte) (mad[at] ^ (1 << random.nextInt(8)));
                }
                return mad;
            }
        }
    }
}
