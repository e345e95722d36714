package org.infiniscope.mad.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.rmpp.RmppConfig;
import org.infiniscope.mad.rmpp.RmppHeader;
import org.infiniscope.mad.rmpp.RmppSender;
import org.infiniscope.mad.rmpp.RmppState;
import org.infiniscope.mad.rmpp.RmppStatus;
import org.infiniscope.mad.rmpp.RmppStep;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.sa.SaHeader;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.SaTable;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SA GetTable answers of many records between two transports over loopback channels that carry single MADs,
 * so that the transports run RMPP themselves: the requester reassembles, the agent's side segments.
 */
class RmppTransportTest {

    private static final long WAIT_SECONDS = 30;
    /** Short RMPP time-outs, so that a lost segment or ACK costs milliseconds. */
    private static final RmppConfig FAST = new RmppConfig(RmppConfig.SA_DATA_OFFSET, 32,
            TimeUnit.MILLISECONDS.toNanos(50), 8, TimeUnit.SECONDS.toNanos(60), RmppHeader.NO_RESP_TIME, 64 << 20,
            TimeUnit.MILLISECONDS.toNanos(500));

    private LoopbackChannel[] channels;
    private MadTransport requester;
    private MadTransport responder;

    @BeforeEach
    void connect() {
        channels = LoopbackChannel.pair();
    }

    @AfterEach
    void close() {
        if (requester != null) {
            requester.close();
        }
        if (responder != null) {
            responder.close();
        }
    }

    private void open() throws IOException {
        requester = MadTransports.over(channels[0], TransportConfig.DEFAULT.withRmpp(FAST));
        responder = MadTransports.over(channels[1], TransportConfig.DEFAULT.withRmpp(FAST));
    }

    private static List<PathRecord> paths(int count) {
        List<PathRecord> paths = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            paths.add(PathRecord.betweenLids(1 + i, 2 + i));
        }
        return paths;
    }

    private static byte[] getTable() {
        return SaMad.of(0, Method.GET_TABLE, SaHeader.EMPTY, PathRecord.CODEC, PathRecord.betweenLids(1, 2)).encode();
    }

    /** The whole answer an SA gives: the request's header as a response, RMPP Active, then the records. */
    private static byte[] tableAnswer(byte[] request, List<PathRecord> table) {
        try {
            MadHeader header = MadHeader.decode(request, 0).response(0);
            SaHeader sa = SaHeader.EMPTY.withRmpp(new RmppHeader(RmppHeader.VERSION, RmppHeader.DATA,
                    RmppHeader.NO_RESP_TIME, RmppHeader.ACTIVE, 0, 0, 0));
            return SaTable.encode(header, sa, PathRecord.CODEC, table);
        } catch (MadFormatException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Registers an SA agent on the responder that answers every GetTable with the table. */
    private void serve(List<PathRecord> table) throws IOException {
        responder.register(new AgentSpec(MgmtClass.SUBN_ADM, SaMad.CLASS_VERSION, Set.of(Method.GET_TABLE), true),
                (mad, out) -> {
                    try {
                        out.respond(tableAnswer(mad.mad(), table));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
    }

    private CompletableFuture<MadResponse> ask(Duration timeout, int retries) {
        return requester.send(new MadRequest(getTable(), MadAddress.gsi(2), timeout, retries));
    }

    @ParameterizedTest(name = "{0} PathRecords")
    @ValueSource(ints = {1, 2, 5000})
    void tablesArriveWholeOverALinkThatLosesRepeatsAndReordersBothWays(int count) throws Exception {
        open();
        channels[0].impair(count, 0.02, 0.01, 0.02);
        channels[1].impair(count + 1, 0.02, 0.01, 0.02);
        List<PathRecord> table = paths(count);
        serve(table);
        MadResponse response = ask(Duration.ofMillis(300), 5).get(WAIT_SECONDS, TimeUnit.SECONDS);
        byte[] message = response.mad();
        assertEquals(SaMad.DATA_OFFSET + count * PathRecord.LENGTH, message.length, "header region and data");
        assertEquals(Method.GET_TABLE_RESP, Bits.u8(message, 3));
        assertEquals(table, SaTable.decode(message, PathRecord.CODEC));
        TransportStatistics stats = requester.statistics();
        assertEquals(1, stats.answered());
        assertEquals(1, stats.rmppTransfers());
        assertEquals(0, stats.outstanding());
        int segments = (count * PathRecord.LENGTH + SaMad.DATA_LENGTH - 1) / SaMad.DATA_LENGTH;
        assertTrue(stats.rmppSegments() >= segments, stats.rmppSegments() + " segments taken in");
    }

    @Test
    void withoutLossBothSidesCountOneTransferOfEverySegment() throws Exception {
        open();
        serve(paths(5000));
        MadResponse response = ask(Duration.ofMillis(500), 3).get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(5000, SaTable.decode(response.mad(), PathRecord.CODEC).size());
        assertEquals(1, response.attempts());
        // the final ACK reaches the sender before the requester's future completes: both are settled now
        TransportStatistics sent = responder.statistics();
        assertEquals(1, sent.rmppTransfers());
        assertEquals(1600, sent.rmppSegments());
        assertEquals(0, sent.rmppAborted());
        assertEquals(1600, requester.statistics().rmppSegments());
        assertEquals(Mad.SIZE, channels[1].largestSent(), "the channel carried single MADs only");
    }

    @Test
    void aBadSegmentAbortsTheTransferAndTheRequestFailsNamingTheStatus() throws Exception {
        open();
        serve(paths(100));
        channels[1].dropWhen((mad, n) -> {
            if (Bits.u8(mad, RmppHeader.OFFSET + 1) == RmppHeader.DATA && Bits.u32(mad, RmppHeader.OFFSET + 4) == 3) {
                mad[RmppHeader.OFFSET] = 2; // RMPPVersion 2: the receiver aborts
            }
            return false;
        });
        CompletableFuture<MadResponse> future = ask(Duration.ofSeconds(5), 0);
        ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(WAIT_SECONDS, TimeUnit.SECONDS));
        RmppTransferException failure = assertInstanceOf(RmppTransferException.class, e.getCause());
        assertEquals(RmppStatus.UNSUPPORTED_VERSION, failure.status());
        assertTrue(failure.getMessage().contains("unsupported version (RMPPStatus 125)"), failure.getMessage());
        assertEquals(1, requester.statistics().rmppAborted());
        assertEquals(0, requester.statistics().outstanding());
        assertEquals(1, responder.statistics().rmppAborted(), "the ABORT reached the sender");
    }

    @Test
    void aSenderWhoseReceiverNeverAcknowledgesGivesUpWithAnAbort() throws Exception {
        responder = MadTransports.over(channels[1], TransportConfig.DEFAULT.withRmpp(FAST));
        serve(paths(100));
        LinkedBlockingQueue<byte[]> received = new LinkedBlockingQueue<>();
        channels[0].start((mad, length, source) -> received.add(mad));
        byte[] request = getTable();
        Bits.put64(request, 8, 0x42);
        channels[0].send(request, request.length, MadAddress.gsi(2), 1000); // a peer without RMPP: no ACKs
        int firstSegments = 0;
        while (true) {
            byte[] mad = received.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            assertNotNull(mad, "the sender neither resent nor aborted");
            if (Bits.u8(mad, RmppHeader.OFFSET + 1) == RmppHeader.ABORT) {
                assertEquals(RmppStatus.TOO_MANY_RETRIES, Bits.u8(mad, RmppHeader.OFFSET + 3));
                break;
            }
            assertEquals(1, Bits.u32(mad, RmppHeader.OFFSET + 4), "only the first segment before an ACK");
            firstSegments++;
        }
        assertEquals(1 + FAST.maxRetries(), firstSegments, "sent once, then once per retry");
        TransportStatistics stats = responder.statistics();
        assertEquals(1, stats.rmppAborted());
        assertEquals(0, stats.rmppTransfers());
    }

    @Test
    void aTransferThatStallsFailsTheRequestWithATimeoutAndAborts() throws Exception {
        open();
        serve(paths(1000));
        // segments after the 40th never arrive, however often the sender resends them
        channels[1].dropWhen((mad, n) -> Bits.u8(mad, RmppHeader.OFFSET + 1) == RmppHeader.DATA
                && Bits.u32(mad, RmppHeader.OFFSET + 4) > 40);
        CompletableFuture<MadResponse> future = requester
                .send(new MadRequest(getTable(), MadAddress.gsi(2), Duration.ofMillis(100), 0));
        ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(WAIT_SECONDS, TimeUnit.SECONDS));
        MadTimeoutException timeout = assertInstanceOf(MadTimeoutException.class, e.getCause());
        assertTrue(timeout.getMessage().contains("stalled: no new segment for"), timeout.getMessage());
        TransportStatistics stats = requester.statistics();
        assertEquals(1, stats.timedOut());
        assertEquals(1, stats.rmppAborted());
        assertEquals(0, stats.outstanding());
        assertEquals(1, responder.statistics().rmppAborted(), "the requester's ABORT stopped the sender");
    }

    @Test
    void aTransferHoldsOneSlotOfTheWindowUntilItEnds() throws Exception {
        requester = MadTransports.over(channels[0], new TransportConfig(1, 1, FAST));
        responder = MadTransports.over(channels[1], TransportConfig.DEFAULT.withRmpp(FAST));
        List<PathRecord> table = paths(300);
        List<Long> doneWhenAsked = new java.util.concurrent.CopyOnWriteArrayList<>();
        responder.register(new AgentSpec(MgmtClass.SUBN_ADM, SaMad.CLASS_VERSION, Set.of(Method.GET_TABLE), true),
                (mad, out) -> {
                    doneWhenAsked.add(responder.statistics().rmppTransfers());
                    try {
                        out.respond(tableAnswer(mad.mad(), table));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
        List<CompletableFuture<MadResponse>> futures = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            futures.add(ask(Duration.ofMillis(500), 3));
        }
        for (CompletableFuture<MadResponse> future : futures) {
            assertEquals(table, SaTable.decode(future.get(WAIT_SECONDS, TimeUnit.SECONDS).mad(), PathRecord.CODEC));
        }
        assertEquals(List.of(0L, 1L, 2L), doneWhenAsked, "each request went out once the transfer before it ended");
        TransportStatistics stats = requester.statistics();
        assertEquals(3, stats.rmppTransfers());
        assertEquals(3 + 3 * 4, stats.sent(), "a request each, and ACKs of segments 1, 33, 65 and the last, 96");
    }

    @Test
    void aChannelWhoseKernelRunsRmppCarriesWholePayloadsUntouched() throws Exception {
        channels[0].rmppInKernel(true);
        channels[1].rmppInKernel(true);
        open();
        List<PathRecord> table = paths(5000);
        serve(table);
        MadResponse response = ask(Duration.ofMillis(500), 3).get(WAIT_SECONDS, TimeUnit.SECONDS);
        byte[] expected = tableAnswer(response.mad(), table);
        assertArrayEquals(expected, response.mad(), "the agent's payload, as the kernel would deliver it");
        assertEquals(1, channels[1].sentCount(), "one send of the whole payload");
        assertEquals(expected.length, channels[1].largestSent());
        assertEquals(0, requester.statistics().rmppTransfers());
        assertEquals(0, responder.statistics().rmppSegments());
    }

    @Test
    void aPlainSaAnswerWithoutActiveIsMatchedAsASingleMad() throws Exception {
        open();
        responder.register(new AgentSpec(MgmtClass.SUBN_ADM, SaMad.CLASS_VERSION, Set.of(Method.GET), true),
                (mad, out) -> {
                    byte[] answer = mad.mad().clone();
                    Bits.put8(answer, 3, Method.GET_RESP);
                    try {
                        out.respond(answer);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
        byte[] get = SaMad.of(0, Method.GET, SaHeader.EMPTY, PathRecord.CODEC, PathRecord.betweenLids(3, 4)).encode();
        MadResponse response = requester.send(MadRequest.of(get, MadAddress.gsi(2))).get(WAIT_SECONDS,
                TimeUnit.SECONDS);
        assertEquals(Mad.SIZE, response.mad().length);
        assertEquals(PathRecord.betweenLids(3, 4), SaMad.decode(response.mad(), 0).record(PathRecord.CODEC));
        assertEquals(0, requester.statistics().rmppTransfers());
    }

    @Test
    void aVendorClassAnswerIsSegmentedAfterItsFortyByteHeader() throws Exception {
        open();
        int vendorClass = 0x30;
        int dataLength = 3000; // 14 segments of 216 bytes
        responder.register(new AgentSpec(vendorClass, 1, Set.of(Method.GET), true), (mad, out) -> {
            byte[] answer = new byte[RmppConfig.VENDOR_DATA_OFFSET + dataLength];
            System.arraycopy(mad.mad(), 0, answer, 0, RmppConfig.VENDOR_DATA_OFFSET); // TID and OUI
            Bits.put8(answer, 3, Method.GET_RESP);
            for (int i = RmppConfig.VENDOR_DATA_OFFSET; i < answer.length; i++) {
                answer[i] = (byte) i;
            }
            try {
                out.respond(answer);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        byte[] get = new byte[Mad.SIZE];
        new MadHeader(1, vendorClass, 1, Method.GET, 0, 0, 0, 0x10, 0).encode(get, 0);
        Bits.put8(get, 38, 0x02);
        Bits.put8(get, 39, 0xC9);
        MadResponse response = requester.send(new MadRequest(get, MadAddress.gsi(2), Duration.ofMillis(500), 3))
                .get(WAIT_SECONDS, TimeUnit.SECONDS);
        byte[] message = response.mad();
        assertEquals(RmppConfig.VENDOR_DATA_OFFSET + dataLength, message.length);
        assertEquals(0x02C9, Bits.u16(message, 38), "the OUI of the first segment's header");
        for (int i = RmppConfig.VENDOR_DATA_OFFSET; i < message.length; i++) {
            assertEquals((byte) i, message[i], "data byte " + i);
        }
        assertEquals(14, requester.statistics().rmppSegments());
    }

    @Test
    void aMalformedFirstSegmentFailsTheRequestWithTheFormatProblem() throws Exception {
        open();
        serve(paths(100));
        channels[1].dropWhen((mad, n) -> {
            if (Bits.u8(mad, RmppHeader.OFFSET + 1) == RmppHeader.DATA && Bits.u32(mad, RmppHeader.OFFSET + 4) == 1) {
                Bits.put32(mad, RmppHeader.OFFSET + 8, 100); // a first, not last, segment announcing 100 bytes
            }
            return false;
        });
        CompletableFuture<MadResponse> future = ask(Duration.ofSeconds(5), 0);
        ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(WAIT_SECONDS, TimeUnit.SECONDS));
        MadFormatException malformed = assertInstanceOf(MadFormatException.class, e.getCause());
        assertEquals(MadFormatException.Problem.BAD_LENGTH, malformed.problem());
        assertEquals(1, requester.statistics().rmppAborted());
        assertEquals(0, requester.statistics().outstanding());
    }

    @Test
    void aReceiverOutOfRoomStopsTheSender() throws Exception {
        requester = MadTransports.over(channels[0], TransportConfig.DEFAULT.withRmpp(FAST.withMaxMessageBytes(10_000)));
        responder = MadTransports.over(channels[1], TransportConfig.DEFAULT.withRmpp(FAST));
        serve(paths(5000)); // the first segment announces 320,000 bytes
        CompletableFuture<MadResponse> future = ask(Duration.ofSeconds(5), 0);
        ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(RmppStatus.RESOURCES_EXHAUSTED,
                assertInstanceOf(RmppTransferException.class, e.getCause()).status());
        assertEquals(1, responder.statistics().rmppAborted(), "the STOP ended the sender's transfer");
        assertEquals(1, responder.statistics().rmppSegments(), "nothing after the first segment");
    }

    @Test
    void aRequestInSeveralSegmentsReachesTheAgentWhole() throws Exception {
        responder = MadTransports.over(channels[1], TransportConfig.DEFAULT.withRmpp(FAST));
        LinkedBlockingQueue<IncomingMad> delivered = new LinkedBlockingQueue<>();
        responder.register(new AgentSpec(MgmtClass.SUBN_ADM, SaMad.CLASS_VERSION, Set.of(Method.SET), true),
                (mad, out) -> delivered.add(mad));
        byte[] message = SaTable.encode(new MadHeader(1, MgmtClass.SUBN_ADM, 2, Method.SET, 0, 0, 0x77, 0x35, 0),
                SaHeader.EMPTY, PathRecord.CODEC, paths(10)); // 640 bytes of data: 4 segments
        // a peer that sends the request with RMPP of its own, driven by hand
        RmppSender sender = new RmppSender(message, FAST);
        LinkedBlockingQueue<byte[]> acks = new LinkedBlockingQueue<>();
        channels[0].start((mad, length, source) -> acks.add(mad));
        RmppStep step = sender.start(System.nanoTime());
        while (step.state() == RmppState.ACTIVE) {
            for (byte[] segment : step.toSend()) {
                channels[0].send(segment, segment.length, MadAddress.gsi(2), 0);
            }
            byte[] ack = acks.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            assertNotNull(ack, "no ACK from the transport");
            assertEquals(Method.SET | Method.RESPONSE, Bits.u8(ack, 3), "an ACK travels against the data");
            step = sender.onMad(ack, System.nanoTime());
        }
        assertEquals(RmppState.COMPLETE, step.state());
        IncomingMad request = delivered.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        assertNotNull(request, "the agent got nothing");
        assertEquals(message.length, request.mad().length);
        assertArrayEquals(java.util.Arrays.copyOfRange(message, SaMad.DATA_OFFSET, message.length),
                java.util.Arrays.copyOfRange(request.mad(), SaMad.DATA_OFFSET, message.length));
        assertEquals(paths(10), SaTable.decode(request.mad(), PathRecord.CODEC));
        assertEquals(1, responder.statistics().rmppTransfers());
    }
}
