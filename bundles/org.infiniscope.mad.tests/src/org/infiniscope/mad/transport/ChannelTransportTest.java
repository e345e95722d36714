package org.infiniscope.mad.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.wire.Bits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The transport engine over two in-memory channels: a requester and an agent that answers. */
class ChannelTransportTest {

    private static final long WAIT_SECONDS = 10;

    private LoopbackChannel[] channels;
    private MadTransport requester;
    private MadTransport responder;

    @BeforeEach
    void connect() throws IOException {
        channels = LoopbackChannel.pair();
    }

    private void open(TransportConfig config) throws IOException {
        requester = MadTransports.over(channels[0], config);
        responder = MadTransports.over(channels[1], config);
    }

    @AfterEach
    void close() {
        if (requester != null) {
            requester.close();
            responder.close();
        }
    }

    private static byte[] perfGet(int attribute, long tid) {
        byte[] mad = new byte[Mad.SIZE];
        new MadHeader(1, MgmtClass.PERF_MGT, 1, Method.GET, 0, 0, tid, attribute, 0).encode(mad, 0);
        return mad;
    }

    /** An agent that echoes each Get as a GetResp, marking the answer with byte 64 = 0x5A. */
    private static MadAgent echo() {
        return (mad, out) -> {
            byte[] answer = mad.mad().clone();
            Bits.put8(answer, 3, Method.GET_RESP);
            Bits.put8(answer, 64, 0x5A);
            try {
                out.respond(answer);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        };
    }

    private static AgentSpec pmaSpec() {
        return new AgentSpec(MgmtClass.PERF_MGT, 1, Set.of(Method.GET, Method.SET), false);
    }

    @Test
    void answerIsMatchedByTransactionIdAndTheHighBitsAreKept() throws Exception {
        open(TransportConfig.DEFAULT);
        responder.register(pmaSpec(), echo());
        MadResponse response = requester.send(MadRequest.of(perfGet(0x12, 0xABCD000000000000L), MadAddress.gsi(2)))
                .get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(0x5A, Bits.u8(response.mad(), 64));
        assertEquals(Method.GET_RESP, Bits.u8(response.mad(), 3));
        long tid = Bits.u64(response.mad(), 8);
        assertEquals(0xABCD0000L, tid >>> 32, "the kernel's half of the TID is left alone");
        assertTrue((tid & 0xFFFFFFFFL) != 0, "the transport's half is set");
        assertEquals(1, response.attempts());
        assertTrue(channels[0].isRegistered(MgmtClass.PERF_MGT, 1), "class registered before the first send");
        TransportStatistics stats = requester.statistics();
        assertEquals(1, stats.sent());
        assertEquals(1, stats.answered());
        assertEquals(0, stats.outstanding());
    }

    @Test
    void lostRequestsAreRetriedThenAnswered() throws Exception {
        open(TransportConfig.DEFAULT);
        responder.register(pmaSpec(), echo());
        channels[0].dropWhen((mad, count) -> count <= 2);
        MadResponse response = requester
                .send(new MadRequest(perfGet(0x12, 0), MadAddress.gsi(2), Duration.ofMillis(50), 3))
                .get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(3, response.attempts());
        assertEquals(2, requester.statistics().retried());
    }

    @Test
    void unansweredRequestFailsWithATimeoutAfterEveryAttempt() throws Exception {
        open(TransportConfig.DEFAULT);
        CompletableFuture<MadResponse> future = requester
                .send(new MadRequest(perfGet(0x12, 0), MadAddress.gsi(7), Duration.ofMillis(30), 2));
        ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(WAIT_SECONDS, TimeUnit.SECONDS));
        MadTimeoutException timeout = assertInstanceOf(MadTimeoutException.class, e.getCause());
        assertEquals(3, timeout.attempts());
        assertTrue(timeout.getMessage().contains("from LID 7 QP1 after 3 attempt(s) of 30 ms"), timeout.getMessage());
        assertEquals(1, requester.statistics().timedOut());
        assertEquals(3, responder.statistics().unhandled(), "every attempt reached the peer, which has no agent");
    }

    @Test
    void windowBoundsOutstandingRequestsOverallAndPerDestination() throws Exception {
        open(new TransportConfig(4, 2));
        // two destinations: at most 2 each, so at most 4 at once
        assertEquals(4, maxInFlight(40, i -> MadAddress.gsi(2 + (i % 2))), "the window was not filled, or overflowed");
    }

    @Test
    void perDestinationWindowKeepsOneSlowPeerFromTakingTheWholeWindow() throws Exception {
        open(new TransportConfig(8, 1));
        assertEquals(1, maxInFlight(10, i -> MadAddress.gsi(9)));
    }

    /**
     * Sends {@code count} requests to an agent that holds each until the test releases it, one by one, and
     * returns the most requests the agent held at once.
     */
    private int maxInFlight(int count, IntFunction<MadAddress> destination) throws Exception {
        LinkedBlockingQueue<Runnable> held = new LinkedBlockingQueue<>();
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger maxSeen = new AtomicInteger();
        responder.register(pmaSpec(), (mad, out) -> {
            maxSeen.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            held.add(() -> {
                inFlight.decrementAndGet();
                echo().handle(mad, out);
            });
        });
        List<CompletableFuture<MadResponse>> futures = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            futures.add(
                    requester.send(new MadRequest(perfGet(0x12, 0), destination.apply(i), Duration.ofSeconds(30), 0)));
        }
        for (int answered = 0; answered < count; answered++) {
            Runnable next = held.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            assertTrue(next != null, "the window stalled after " + answered + " answers");
            next.run();
        }
        for (CompletableFuture<MadResponse> f : futures) {
            f.get(WAIT_SECONDS, TimeUnit.SECONDS);
        }
        return maxSeen.get();
    }

    @Test
    void agentsReceiveOnlyTheirMethodsAndStrayAnswersAreCounted() throws Exception {
        open(TransportConfig.DEFAULT);
        LinkedBlockingQueue<IncomingMad> traps = new LinkedBlockingQueue<>();
        responder.register(new AgentSpec(MgmtClass.SUBN_LID_ROUTED, 1, Set.of(Method.TRAP), false),
                (mad, out) -> traps.add(mad));
        byte[] trap = new byte[Mad.SIZE];
        new MadHeader(1, MgmtClass.SUBN_LID_ROUTED, 1, Method.TRAP, 0, 0, 99, 0x02, 0).encode(trap, 0);
        assertNull(requester.send(MadRequest.of(trap, MadAddress.smi(2))).get(WAIT_SECONDS, TimeUnit.SECONDS),
                "a trap expects no answer");
        IncomingMad received = traps.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(99, Bits.u64(received.mad(), 8));
        assertEquals(1, received.source().lid());

        byte[] stray = perfGet(0x12, 12345);
        Bits.put8(stray, 3, Method.GET_RESP);
        responder.send(MadRequest.of(stray, MadAddress.gsi(1))).get(WAIT_SECONDS, TimeUnit.SECONDS);
        byte[] unwanted = perfGet(0x12, 0);
        Bits.put8(unwanted, 3, Method.SEND);
        responder.send(MadRequest.of(unwanted, MadAddress.gsi(1))).get(WAIT_SECONDS, TimeUnit.SECONDS);
        TransportStatistics stats = requester.statistics();
        assertEquals(1, stats.unmatched());
        assertEquals(1, stats.unhandled());
    }

    @Test
    void closingFailsWhatIsOutstandingAndRefusesNewRequests() throws Exception {
        open(TransportConfig.DEFAULT);
        CompletableFuture<MadResponse> pending = requester
                .send(new MadRequest(perfGet(0x12, 0), MadAddress.gsi(2), Duration.ofSeconds(30), 0));
        requester.close();
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> pending.get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertInstanceOf(IOException.class, e.getCause());
        assertTrue(channels[0].isClosed());
        assertThrows(ExecutionException.class, () -> requester.send(MadRequest.of(perfGet(0x12, 0), MadAddress.gsi(2)))
                .get(WAIT_SECONDS, TimeUnit.SECONDS));
    }

    @Test
    void requestsAreValidatedWhenBuilt() {
        assertThrows(IllegalArgumentException.class, () -> MadRequest.of(new byte[255], MadAddress.gsi(1)));
        assertThrows(IllegalArgumentException.class,
                () -> new MadRequest(new byte[Mad.SIZE], MadAddress.gsi(1), Duration.ZERO, 0));
        assertThrows(IllegalArgumentException.class, () -> MadAddress.gsi(0x10000));
        assertThrows(IllegalArgumentException.class, () -> new AgentSpec(1, 1, Set.of(), false));
        assertThrows(IllegalArgumentException.class, () -> new AgentSpec(1, 1, Set.of(Method.GET_RESP), false));
    }
}
