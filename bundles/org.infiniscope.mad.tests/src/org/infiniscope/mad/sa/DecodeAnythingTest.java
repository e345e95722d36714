package org.infiniscope.mad.sa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;

import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.rmpp.RmppConfig;
import org.infiniscope.mad.rmpp.RmppHeader;
import org.infiniscope.mad.rmpp.RmppReceiver;
import org.infiniscope.mad.rmpp.RmppSender;
import org.infiniscope.mad.rmpp.RmppStep;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.MadFormatException;
import org.junit.jupiter.api.Test;

/**
 * The representative slice of the fuzzing: 100,000 random and mutated MADs through every decoder of the SA
 * and RMPP packages, and into running RMPP transfers. Each must give a value or a {@link MadFormatException};
 * any other exception fails the test.
 */
class DecodeAnythingTest {

    private static final int MADS = 100_000;
    private static final RmppConfig CONFIG = RmppConfig.forSubnAdm();
    private static final List<AttributeCodec<?>> CODECS = List.of(PathRecord.CODEC, MCMemberRecord.CODEC,
            ServiceRecord.CODEC, LinkRecord.CODEC, InformInfo.CODEC, InformInfoRecord.CODEC, NodeRecord.CODEC,
            PortInfoRecord.CODEC, SL2VLRecord.CODEC, SwitchInfoRecord.CODEC, LFTRecord.CODEC, MFTRecord.CODEC,
            SMInfoRecord.CODEC, GUIDInfoRecord.CODEC, PKeyTableRecord.CODEC, VLArbRecord.CODEC);

    private int values;
    private int refusals;

    @Test
    void randomAndMutatedMadsGiveAValueOrAFormatException() throws Exception {
        // Most MADs end in an exception, whose cost grows with the depth of the stack it records: on a thread of
        // its own the loop sees the shallow stack of a transport's receive thread, not the test harness's.
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread worker = Thread.ofPlatform().name("decode-anything").start(() -> {
            try {
                fuzz();
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        assertTrue(worker.join(Duration.ofMinutes(2)), "the slice finished");
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }

    private void fuzz() throws IOException, MadFormatException {
        Random random = new Random(20261129);
        List<byte[]> seeds = seeds();
        RmppSender sender = null;
        RmppReceiver receiver = null;
        byte[] table = table();
        for (int i = 0; i < MADS; i++) {
            if (i % 200 == 0) {
                // Fresh transfers, so mutated MADs meet running state machines, not only finished ones.
                sender = new RmppSender(table, CONFIG);
                sender.start(0);
                receiver = new RmppReceiver(CONFIG);
                receiver.accept(sender.segment(1), 0);
            }
            byte[] mad = next(random, seeds, sender);
            decodeEverything(mad, random);
            attempt(() -> new RmppReceiver(CONFIG).accept(mad, 0));
            RmppReceiver running = receiver;
            RmppSender sending = sender;
            attempt(() -> running.accept(mad, 1));
            attempt(() -> sending.onMad(mad, 1));
            attempt(() -> sending.onTimer(random.nextLong()));
            attempt(() -> running.onTimer(random.nextLong()));
        }
        assertTrue(values > MADS, "most MADs decode as something: " + values);
        assertTrue(refusals > MADS / 10, "many are refused: " + refusals);
    }

    private static byte[] next(Random random, List<byte[]> seeds, RmppSender sender) {
        byte[] mad;
        switch (random.nextInt(4)) {
            case 0 -> {
                mad = new byte[random.nextInt(20) == 0 ? random.nextInt(300) : 256];
                random.nextBytes(mad);
            }
            case 1 -> mad = sender.segment(1 + random.nextInt(sender.segmentCount()));
            default -> mad = seeds.get(random.nextInt(seeds.size())).clone();
        }
        int flips = 1 + random.nextInt(6);
        for (int f = 0; f < flips && mad.length > 0; f++) {
            // Mutations favour the headers, where the decoders look.
            int at = random.nextBoolean() ? random.nextInt(Math.min(56, mad.length)) : random.nextInt(mad.length);
            mad[at] = random.nextInt(3) == 0 ? (byte) random.nextInt(8) : (byte) random.nextInt(256);
        }
        if (random.nextInt(50) == 0) {
            mad = Arrays.copyOf(mad, random.nextInt(mad.length + 1));
        }
        return mad;
    }

    private void decodeEverything(byte[] mad, Random random) {
        attempt(() -> SaMad.decode(mad, 0));
        attempt(() -> SaHeader.decode(mad, 0));
        attempt(() -> {
            RmppHeader header = RmppHeader.decode(mad, RmppHeader.OFFSET);
            header.check();
            return header;
        });
        int offset = random.nextInt(260) - 2;
        for (AttributeCodec<?> codec : CODECS) {
            attempt(() -> codec.decode(mad, 56));
            attempt(() -> codec.decode(mad, offset));
        }
        // A table is split with the codec its attribute names, as a client does; one other codec as well,
        // since refusing a wrong attribute costs an exception and five of them a MAD would slow the slice.
        AttributeCodec<?> named = mad.length > 17
                ? CODECS.stream().filter(c -> c.attributeId() == (((mad[16] & 0xFF) << 8) | (mad[17] & 0xFF)))
                        .findFirst().orElse(PathRecord.CODEC)
                : PathRecord.CODEC;
        attempt(() -> SaTable.decode(mad, named));
        attempt(() -> SaTable.decode(mad, CODECS.get(random.nextInt(CODECS.size()))));
    }

    @FunctionalInterface
    private interface Decoder {
        Object decode() throws MadFormatException;
    }

    private void attempt(Decoder decoder) {
        try {
            Object value = decoder.decode();
            if (value instanceof RmppStep step) {
                assertTrue(step.toSend().stream().allMatch(m -> m.length == 256));
            }
            values++;
        } catch (MadFormatException e) {
            assertTrue(e.getMessage() != null && !e.getMessage().isEmpty());
            refusals++;
        }
    }

    private static byte[] table() {
        List<LinkRecord> links = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            links.add(new LinkRecord(i, i % 37, i % 11, 1000 - i));
        }
        return SaTable.encode(new MadHeader(1, MgmtClass.SUBN_ADM, 2, Method.GET_TABLE_RESP, 0, 0, 5, 0x20, 0),
                SaHeader.EMPTY, LinkRecord.CODEC, links);
    }

    private static List<byte[]> seeds() throws IOException {
        List<byte[]> seeds = new ArrayList<>();
        for (String name : List.of("pr-1-2.request.hex", "pr-1-2.response.hex", "lr-all.response.hex",
                "mcmr-all.response.hex", "sr-all.response.hex", "nr-all.response.hex", "pir-1.response.hex",
                "sl2vl-all.response.hex", "swir-all.response.hex", "lftr-2-0.response.hex", "mftr-2.response.hex",
                "smir-1.response.hex", "gir-1.response.hex", "pktr-1.response.hex", "vlar-1.response.hex")) {
            seeds.add(Golden.load(name).mad());
        }
        RandomRecords records = new RandomRecords(5);
        seeds.add(SaMad.of(1, Method.GET_RESP, SaHeader.EMPTY, ServiceRecord.CODEC, records.serviceRecord()).encode());
        seeds.add(SaMad.of(2, Method.GET_RESP, SaHeader.EMPTY, InformInfoRecord.CODEC, records.informInfoRecord())
                .encode());
        seeds.add(SaMad.of(3, Method.SET, SaHeader.EMPTY, InformInfo.CODEC, records.informInfo()).encode());
        assertEquals(18, seeds.size());
        return seeds;
    }
}
