package org.infiniscope.console.vendor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.infiniscope.console.vendor.VendorCallException.Kind;
import org.junit.jupiter.api.Test;

class VendorCallsTest {

    private final VendorCalls calls = new VendorCalls(Duration.ofMillis(200));

    @Test
    void aValueWithinTheBoundIsReturned() throws Exception {
        Object service = new Object();
        assertEquals(42, calls.call(service, "answer", () -> 42));
        assertFalse(calls.isQuarantined(service));
    }

    @Test
    void aCheckedExceptionIsTheContractsAnswerAndTheServiceStaysInUse() throws Exception {
        Object service = new Object();
        IOException refusal = new IOException("bad magic at 0");
        VendorCallException e = assertThrows(VendorCallException.class, () -> calls.call(service, "parse", () -> {
            throw refusal;
        }));
        assertEquals(Kind.DECLARED, e.kind());
        assertSame(refusal, e.getCause());
        assertFalse(calls.isQuarantined(service));
        assertEquals("fine", calls.call(service, "parse", () -> "fine"));
    }

    @Test
    void anUncheckedExceptionQuarantinesTheServiceWhichIsNotCalledAgain() throws Exception {
        Object service = new Object();
        AtomicInteger called = new AtomicInteger();
        VendorCallException e = assertThrows(VendorCallException.class, () -> calls.call(service, "decode", () -> {
            called.incrementAndGet();
            throw new IllegalStateException("vendor bug");
        }));
        assertEquals(Kind.FAILED, e.kind());
        assertEquals("java.lang.Object", e.bundle(), "outside OSGi the class names the vendor");
        assertTrue(e.getMessage().contains("vendor bug"), e.getMessage());
        assertTrue(calls.isQuarantined(service));
        VendorCallException again = assertThrows(VendorCallException.class,
                () -> calls.call(service, "decode", called::incrementAndGet));
        assertEquals(Kind.QUARANTINED, again.kind());
        assertEquals(1, called.get(), "a quarantined service is not called");
    }

    @Test
    void aCallThatHangsIsInterruptedAtTheBoundAndQuarantined() throws Exception {
        Object service = new Object();
        CountDownLatch interrupted = new CountDownLatch(1);
        long start = System.nanoTime();
        VendorCallException e = assertThrows(VendorCallException.class, () -> calls.call(service, "route", () -> {
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException x) {
                interrupted.countDown();
            }
            return null;
        }));
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals(Kind.TIMED_OUT, e.kind());
        assertTrue(tookMs >= 200 && tookMs < 5000, "waited " + tookMs + " ms for a bound of 200 ms");
        assertTrue(interrupted.await(5, TimeUnit.SECONDS), "the hung call is interrupted");
        assertEquals(Kind.QUARANTINED,
                assertThrows(VendorCallException.class, () -> calls.call(service, "route", () -> 1)).kind());
    }

    @Test
    void callsThatIgnoreInterruptsTakeAtMostThePoolAndTheRestAreRefusedNotQueuedForever() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try {
            for (int i = 0; i < VendorCalls.THREADS; i++) {
                Object stubborn = new Object();
                assertEquals(Kind.TIMED_OUT, assertThrows(VendorCallException.class,
                        () -> calls.call(stubborn, "hang", Duration.ofMillis(20), () -> {
                            while (release.getCount() > 0) {
                                try {
                                    release.await();
                                } catch (InterruptedException ignored) {
                                    // a vendor that swallows interrupts
                                }
                            }
                            return null;
                        })).kind());
            }
            // every thread is held: a new call waits in the queue, is given up at its bound, and its service is
            // not blamed
            Object innocent = new Object();
            assertEquals(Kind.BUSY, assertThrows(VendorCallException.class,
                    () -> calls.call(innocent, "ok", Duration.ofMillis(50), () -> 1)).kind());
            assertFalse(calls.isQuarantined(innocent));
        } finally {
            release.countDown();
        }
    }

    @Test
    void runSwallowsAFaultAndSaysSo() {
        Object service = new Object();
        assertTrue(calls.run(service, "notify", () -> {
        }));
        assertFalse(calls.run(service, "notify", () -> {
            throw new IllegalArgumentException("x");
        }));
        assertFalse(calls.run(service, "notify", () -> {
        }), "quarantined");
    }
}
