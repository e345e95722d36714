package org.infiniscope.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.infiniscope.console.vendor.VendorCalls;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.sim.internal.SimAgents;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The {@link SimAgent} whiteboard: vendors' agents plugged into the fabric, the highest ranking answering, one that
 * throws or hangs handing over to the next within the bound, and unplugged when the service goes.
 */
class SimAgentsTest {

    private static final int CLASS = 0x31;
    private static final long BOUND_MS = 300;

    private final LineFabric line = new LineFabric();
    private final VendorCalls calls = new VendorCalls(Duration.ofMillis(BOUND_MS));
    private final SimAgents agents = SimAgents.forTests(calls);

    @BeforeEach
    void bringUp() throws MadFormatException {
        line.assignLids();
        line.route(new int[]{0, 1, 0, 2, 2}, 1);
        line.route(new int[]{0, 2, 2, 0, 1}, 1, 2);
        agents.fabricBuilt(line.fabric);
    }

    /** Answers with a mark in byte 64; {@code fault} runs first. */
    private record Agent(int mark, Runnable fault) implements SimAgent {
        @Override
        public int mgmtClass() {
            return CLASS;
        }

        @Override
        public boolean answer(byte[] mad, SimFabric.NodeView node, int port) {
            fault.run();
            mad[3] = (byte) Method.GET_RESP;
            mad[64] = (byte) mark;
            return true;
        }
    }

    private byte[] ask() {
        byte[] mad = new byte[256];
        mad[0] = 1;
        mad[1] = CLASS;
        mad[2] = 1;
        mad[3] = Method.GET;
        Bits.put64(mad, 8, 7);
        Bits.put32(mad, 37 - 1, 0x00005E);
        return line.fabric.exchange(line.h1, mad, 256, MadAddress.gsi(4)) == null ? null : mad;
    }

    @Test
    void theHighestRankingAnswersAndTheAgentGoesWithItsService() {
        assertNull(ask());
        agents.add(new Agent(1, () -> {
        }), 0, 1);
        agents.add(new Agent(2, () -> {
        }), 5, 2);
        assertEquals(2, ask()[64]);
        agents.remove(2);
        assertEquals(1, ask()[64]);
        agents.remove(1);
        assertNull(ask(), "unplugged");
    }

    @Test
    void anAgentThatThrowsOrHangsHandsTheMadToTheNextWithinTheBound() {
        CountDownLatch never = new CountDownLatch(1);
        Agent throwing = new Agent(3, () -> {
            throw new IllegalStateException("broken plugin");
        });
        Agent hanging = new Agent(4, () -> {
            try {
                never.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        agents.add(throwing, 20, 1);
        agents.add(hanging, 10, 2);
        agents.add(new Agent(1, () -> {
        }), 0, 3);
        long start = System.nanoTime();
        byte[] answer = ask();
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertNotNull(answer);
        assertEquals(1, answer[64]);
        assertTrue(tookMs >= BOUND_MS && tookMs < BOUND_MS + 3000, "took " + tookMs + " ms");
        assertTrue(calls.isQuarantined(throwing) && calls.isQuarantined(hanging));
        start = System.nanoTime();
        assertEquals(1, ask()[64]);
        assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < BOUND_MS, "not waited for again");
    }

    @Test
    void theBuiltInAdaptersClassIsRefused() {
        agents.add(new SimAgent() {
            @Override
            public int mgmtClass() {
                return 0x0A;
            }

            @Override
            public boolean answer(byte[] mad, SimFabric.NodeView node, int port) {
                mad[3] = (byte) Method.GET_RESP;
                return true;
            }
        }, 0, 1);
        byte[] mad = new byte[256];
        mad[0] = 1;
        mad[1] = 0x0A;
        mad[2] = 1;
        mad[3] = Method.GET;
        assertNull(line.fabric.exchange(line.h1, mad, 256, MadAddress.gsi(4)), "not plugged");
    }
}
