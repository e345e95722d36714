package org.infiniscope.mad.umad.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadResponse;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.mad.umad.UmadException;
import org.junit.jupiter.api.Test;

/**
 * Ports kept open from one channel to the next (the one-shot daemon's): opened and registered once, closed only when
 * they cannot serve again, and each user's transaction IDs apart from the previous user's.
 */
class KeptPortsTest {

    private static long count(List<String> calls, String prefix) {
        return calls.stream().filter(c -> c.startsWith(prefix)).count();
    }

    private static MadResponse smp(MadTransport transport) throws Exception {
        return transport.send(new MadRequest(UmadChannelTest.request(MgmtClass.SUBN_DIRECTED_ROUTE, 1, 0x11),
                MadAddress.directedRoute(), Duration.ofMillis(700), 0)).get(5, TimeUnit.SECONDS);
    }

    /** @return the low 32 bits of a MAD's transaction ID */
    private static int tidLow(byte[] mad) {
        int at = UmadChannel.TID_LOW_OFFSET;
        return (mad[at] & 0xFF) << 24 | (mad[at + 1] & 0xFF) << 16 | (mad[at + 2] & 0xFF) << 8 | (mad[at + 3] & 0xFF);
    }

    @Test
    void theNextChannelTakesTheOpenPortWithItsAgents() throws Exception {
        try (StandInUmad standIn = new StandInUmad(false, 1)) {
            UmadLibrary library = UmadLibrary.of(standIn.lookup());
            KeptPorts kept = new KeptPorts(spec -> UmadChannel.open(library, spec));
            for (int user = 0; user < 3; user++) {
                try (MadTransport transport = MadTransports.over(kept.open("umad"), TransportConfig.DEFAULT)) {
                    assertEquals(Method.GET_RESP, smp(transport).mad()[3] & 0xFF, "user " + user);
                }
                assertEquals(1, kept.idle(), "user " + user);
            }
            assertEquals(1, count(standIn.calls, "open_port"), standIn.calls::toString);
            assertEquals(0, count(standIn.calls, "close_port"), standIn.calls::toString);
            assertEquals(0, count(standIn.calls, "unregister"), standIn.calls::toString);
            assertEquals(1,
                    standIn.registrations.stream().filter(r -> r.mgmtClass() == MgmtClass.SUBN_DIRECTED_ROUTE).count(),
                    "one SMP agent for all");
            kept.close();
            assertEquals(0, kept.idle());
            assertEquals(List.of("unregister 3 0", "close_port 3"),
                    standIn.calls.subList(standIn.calls.size() - 2, standIn.calls.size()));
            assertThrows(IOException.class, () -> kept.open("umad"));
        }
    }

    @Test
    void aLateAnswerToThePreviousUserMatchesNoRequestOfTheNext() throws Exception {
        try (StandInUmad standIn = new StandInUmad(false, 1)) {
            UmadLibrary library = UmadLibrary.of(standIn.lookup());
            KeptPorts kept = new KeptPorts(spec -> UmadChannel.open(library, spec));
            try (MadTransport first = MadTransports.over(kept.open("umad"), TransportConfig.DEFAULT)) {
                smp(first);
            }
            StandInUmad.Sent late = standIn.sent.getLast();
            LinkedBlockingQueue<byte[]> received = new LinkedBlockingQueue<>();
            MadChannel next = kept.open("umad");
            next.start((mad, length, source) -> received.add(mad));
            try {
                // the next user's first request has the same transport ID (1) as the first user's
                byte[] request = UmadChannelTest.request(MgmtClass.SUBN_DIRECTED_ROUTE, 1, 0x11);
                request[UmadChannel.TID_LOW_OFFSET + 3] = 1;
                next.send(request, request.length, MadAddress.directedRoute(), 700);
                StandInUmad.Sent own = standIn.sent.getLast();
                assertNotEquals(tidLow(late.mad()), tidLow(own.mad()), "both went out with the same ID");
                assertEquals(1, tidLow(received.poll(5, TimeUnit.SECONDS)), "the next user's own answer");
                byte[] answer = late.mad().clone();
                answer[3] |= (byte) 0x80;
                standIn.deliver(StandInUmad.GSI_PORT_ID, late.agentId(), 0, answer, 0, 0, 0);
                assertNotEquals(1, tidLow(received.poll(5, TimeUnit.SECONDS)), "the late answer took the ID 1");
            } finally {
                next.close();
                kept.close();
            }
        }
    }

    @Test
    void aPortWithAnAgentForUnsolicitedRequestsIsClosedNotKept() throws Exception {
        try (StandInUmad standIn = new StandInUmad(false, 1)) {
            UmadLibrary library = UmadLibrary.of(standIn.lookup());
            KeptPorts kept = new KeptPorts(spec -> UmadChannel.open(library, spec));
            MadChannel channel = kept.open("umad");
            channel.register(MgmtClass.PERF_MGT, 1, false, Set.of(Method.GET));
            channel.close();
            assertEquals(0, kept.idle());
            assertEquals(1, count(standIn.calls, "close_port"), standIn.calls::toString);
            kept.open("umad").close();
            assertEquals(2, count(standIn.calls, "open_port"), "a new port for the next user");
            kept.close();
        }
    }

    @Test
    void aPortWhoseSendFailedIsClosedAndTheNextUserGetsANewOne() throws Exception {
        try (StandInUmad standIn = new StandInUmad(false, 1)) {
            UmadLibrary library = UmadLibrary.of(standIn.lookup());
            KeptPorts kept = new KeptPorts(spec -> UmadChannel.open(library, spec));
            standIn.sendResult = -5;
            try (MadTransport transport = MadTransports.over(kept.open("umad"), TransportConfig.DEFAULT)) {
                Exception e = assertThrows(Exception.class, () -> smp(transport));
                assertTrue(String.valueOf(e.getMessage()).contains("umad_send"), e::toString);
            }
            assertEquals(0, kept.idle());
            assertEquals(1, count(standIn.calls, "close_port"), standIn.calls::toString);
            standIn.sendResult = 0;
            try (MadTransport transport = MadTransports.over(kept.open("umad"), TransportConfig.DEFAULT)) {
                smp(transport);
            }
            assertEquals(2, count(standIn.calls, "open_port"), standIn.calls::toString);
            assertEquals(1, kept.idle());
            kept.close();
        }
    }

    @Test
    void usersAtTheSameTimeHaveAPortEachAndOneIsKept() throws Exception {
        try (StandInUmad standIn = new StandInUmad(false, 1)) {
            UmadLibrary library = UmadLibrary.of(standIn.lookup());
            KeptPorts kept = new KeptPorts(spec -> UmadChannel.open(library, spec));
            MadChannel a = kept.open("umad");
            MadChannel b = kept.open("umad");
            assertEquals(2, count(standIn.calls, "open_port"));
            a.close();
            b.close();
            assertEquals(1, kept.idle());
            assertEquals(1, count(standIn.calls, "close_port"), standIn.calls::toString);
            a.close(); // idempotent: the port is not handed back twice
            assertEquals(1, kept.idle());
            assertThrows(IOException.class, () -> a.send(new byte[256], 256, MadAddress.directedRoute(), 0));
            kept.close();
        }
    }

    /**
     * Under umad2sim a process's ports share one ibsim client, whose answers go to the first port with an agent of
     * their class: a second user waits for the held port and takes it, rather than opening one that hears nothing.
     */
    @Test
    void withOnePortAtATimeASecondUserWaitsForTheHeldPortAndTakesIt() throws Exception {
        try (StandInUmad standIn = new StandInUmad(false, 1)) {
            UmadLibrary library = UmadLibrary.of(standIn.lookup());
            KeptPorts kept = new KeptPorts(spec -> UmadChannel.open(library, spec), true, 10_000);
            MadChannel first = kept.open("umad");
            CompletableFuture<MadChannel> second = CompletableFuture.supplyAsync(() -> {
                try {
                    return kept.open("umad");
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!first.contended() && System.nanoTime() < end) {
                Thread.onSpinWait();
            }
            assertTrue(first.contended(), "the holder is not told that a user waits for its port");
            assertFalse(second.isDone(), "the second user did not wait");
            first.close();
            assertFalse(first.contended(), "a closed channel is contended");
            try (MadTransport transport = MadTransports.over(second.get(5, TimeUnit.SECONDS),
                    TransportConfig.DEFAULT)) {
                assertEquals(Method.GET_RESP, smp(transport).mad()[3] & 0xFF);
            }
            assertEquals(1, count(standIn.calls, "open_port"), standIn.calls::toString);
            assertEquals(0, count(standIn.calls, "close_port"), standIn.calls::toString);
            assertEquals(1, kept.idle());
            MadChannel alone = kept.open("umad");
            assertFalse(alone.contended(), "no user waits, yet the holder is told one does");
            alone.close();
            kept.close();
        }
    }

    @Test
    void withOnePortAtATimeAUserWaitsOnlySoLongAndIsToldWhy() throws Exception {
        try (StandInUmad standIn = new StandInUmad(false, 1)) {
            UmadLibrary library = UmadLibrary.of(standIn.lookup());
            KeptPorts kept = new KeptPorts(spec -> UmadChannel.open(library, spec), true, 200);
            MadChannel held = kept.open("umad");
            UmadException e = assertThrows(UmadException.class, () -> kept.open("umad"));
            assertTrue(e.getMessage().contains("still in use"), e::getMessage);
            held.close();
            kept.open("umad").close(); // the held port, handed back, serves again
            assertEquals(1, count(standIn.calls, "open_port"), standIn.calls::toString);
            kept.close();
        }
    }
}
