package org.infiniscope.firmware.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.console.vendor.VendorCalls;
import org.infiniscope.firmware.FirmwareFormat;
import org.infiniscope.firmware.FirmwareImage;
import org.junit.jupiter.api.Test;

/** A vendor's format that throws or hangs is skipped within the time bound: the core's FS4 format still answers. */
class FwToolVendorFormatTest {

    private final FwTool tool = new FwTool();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) throws UsageException {
        return tool.run(new ToolInvocation(List.of(args), new PrintWriter(out, true), new PrintWriter(err, true)));
    }

    /** A format whose recognizes does something wrong. */
    private record Misbehaving(Runnable recognize) implements FirmwareFormat {
        @Override
        public String name() {
            return "bad";
        }

        @Override
        public boolean recognizes(byte[] image) {
            recognize.run();
            return true;
        }

        @Override
        public FirmwareImage parse(byte[] image) {
            throw new AssertionError("never reached");
        }
    }

    @Test
    void aThrowingAndAHangingFormatAreSkippedWithinTheBound() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        Misbehaving throwing = new Misbehaving(() -> {
            throw new IllegalStateException("vendor bug");
        });
        Misbehaving hanging = new Misbehaving(() -> {
            try {
                never.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        tool.provide(throwing, 20, 1);
        tool.provide(hanging, 10, 2);
        tool.provide(new Fs4Format(), 0, 3);
        Path image = Files.createDirectories(Path.of("target", "fwvendor")).resolve("hca.bin");
        assertEquals(ExitStatus.OK, run("mkimage", "-o", image.toString()));

        long start = System.nanoTime();
        assertEquals(ExitStatus.OK, run("query", image.toString()), err.toString());
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(out.toString().contains("FW Version:            16.35.2000\n"), out.toString());
        long bound = VendorCalls.shared().limit().toMillis();
        assertTrue(tookMs < bound + 3000, "took " + tookMs + " ms with a bound of " + bound + " ms");
        assertTrue(VendorCalls.shared().isQuarantined(throwing));
        assertTrue(VendorCalls.shared().isQuarantined(hanging));

        // quarantined: the second query does not wait for the hanging format again
        out.getBuffer().setLength(0);
        start = System.nanoTime();
        assertEquals(ExitStatus.OK, run("query", image.toString()), err.toString());
        assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < bound,
                "a quarantined format is not waited for");
    }
}
