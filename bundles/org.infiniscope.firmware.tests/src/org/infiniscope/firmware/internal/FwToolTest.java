package org.infiniscope.firmware.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.junit.jupiter.api.Test;

/** {@code fw mkimage}, {@code fw query} and {@code fw verify} through the console tool. */
class FwToolTest {

    private final FwTool tool = new FwTool();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    FwToolTest() {
        tool.provide(new Fs4Format(), 0, 1);
        tool.provide(new Fs3Format(), 0, 2);
    }

    @Test
    void mkimageFs3ThenQueryAndVerify() throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "fwtool"));
        Path image = dir.resolve("hca-fs3.bin");
        assertEquals(ExitStatus.OK, run("mkimage", "-o", image.toString(), "--format", "fs3", "--version", "12.28.2006",
                "--psid", "MT_2190110032", "--device-id", "0x1013"), err.toString());
        assertTrue(out.toString().contains("-I- wrote FS3 image 12.28.2006"), out.toString());
        out.getBuffer().setLength(0);
        assertEquals(ExitStatus.OK, run("query", image.toString()), err.toString());
        String q = out.toString();
        assertTrue(q.startsWith("Image type:            FS3\nFW Version:            12.28.2006\n"), q);
        assertTrue(q.contains("PSID:                  MT_2190110032\n"), q);
        out.getBuffer().setLength(0);
        assertEquals(ExitStatus.OK, run("verify", image.toString()));
        assertTrue(out.toString().startsWith("\nFS3 failsafe image\n"), out.toString());
        assertTrue(out.toString().contains("(MFG_INFO) - OK"), out.toString());
        assertThrows(UsageException.class, () -> run("mkimage", "-o", "x", "--format", "fs5"));
    }

    private int run(String... args) throws UsageException {
        return tool.run(new ToolInvocation(List.of(args), new PrintWriter(out, true), new PrintWriter(err, true)));
    }

    @Test
    void mkimageThenQueryAndVerify() throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "fwtool"));
        Path image = dir.resolve("sw.bin");
        assertEquals(ExitStatus.OK,
                run("mkimage", "-o", image.toString(), "--for", "switch", "--version", "15.2010.4100", "--psid",
                        "MT_2630110099", "--guid", "0x0002c90300b00000", "--date", "2026-10-31", "--security",
                        "debug"));
        out.getBuffer().setLength(0);
        assertEquals(ExitStatus.OK, run("query", image.toString()), err.toString());
        String q = out.toString();
        assertTrue(q.contains("FW Version:            15.2010.4100\n"), q);
        assertTrue(q.contains("FW Release Date:       31.10.2026\n"), q);
        assertTrue(q.contains("Base GUID:             0002c90300b00000"), q);
        assertTrue(q.contains("PSID:                  MT_2630110099\n"), q);
        assertTrue(q.contains("Security Attributes:   debug\n"), q);
        out.getBuffer().setLength(0);
        assertEquals(ExitStatus.OK, run("-i", image.toString(), "verify"));
        assertTrue(out.toString().contains("Image is bootable"));
        byte[] bytes = Files.readAllBytes(image);
        bytes[Fs4Builder.IMAGE_INFO + 0x50] ^= 1;
        Files.write(image, bytes);
        out.getBuffer().setLength(0);
        assertEquals(ExitStatus.FAILURE, run("verify", image.toString()));
        assertTrue(out.toString().contains("(IMAGE_INFO) /0x00003000/ - wrong CRC"), out.toString());
    }

    @Test
    void aMalformedImageIsRefusedWithReasonAndOffset() throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "fwtool"));
        Path junk = dir.resolve("junk.bin");
        Files.write(junk, new byte[100]);
        assertEquals(ExitStatus.FAILURE, run("query", junk.toString()));
        assertTrue(err.toString().contains("no installed firmware format recognizes the image (at offset 0x0)"),
                err.toString());
    }

    @Test
    void badArgumentsAreUsageErrors() {
        assertThrows(UsageException.class, () -> run());
        assertThrows(UsageException.class, () -> run("burnish"));
        assertThrows(UsageException.class, () -> run("mkimage"));
        assertThrows(UsageException.class, () -> run("mkimage", "-o", "x", "--version", "1.2"));
        assertThrows(UsageException.class, () -> run("mkimage", "-o", "x", "--psid", "MUCH_TOO_LONG_FOR_A_PSID"));
        assertThrows(UsageException.class, () -> run("mkimage", "-o", "x", "--security", "root"));
        assertThrows(UsageException.class, () -> run("query", "a", "b"));
    }
}
