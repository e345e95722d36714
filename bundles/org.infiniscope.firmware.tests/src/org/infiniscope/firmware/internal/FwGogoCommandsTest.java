package org.infiniscope.firmware.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.infiniscope.testing.Services;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.junit.jupiter.api.Test;

/** {@code fw:mkimage} and {@code fw:query} in a Gogo session run the {@code fw} tool's subcommands. */
class FwGogoCommandsTest {

    @Test
    void fwScopeCommandsRunTheTool() throws Exception {
        var context = org.osgi.framework.FrameworkUtil.getBundle(FwGogoCommandsTest.class).getBundleContext();
        var commands = new org.osgi.util.tracker.ServiceTracker<>(context,
                context.createFilter("(&(osgi.command.scope=fw)(osgi.command.function=query))"), null);
        commands.open();
        try {
            assertTrue(commands.waitForService(20_000) != null, "fw:query registered");
        } finally {
            commands.close();
        }
        CommandProcessor processor = Services.get(CommandProcessor.class);
        Path image = Files.createDirectories(Path.of("target", "gogo")).resolve("gogo.bin").toAbsolutePath();
        Files.deleteIfExists(image);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PrintStream print = new PrintStream(out, true);
                CommandSession session = processor.createSession(new ByteArrayInputStream(new byte[0]), print, print)) {
            session.execute("fw:mkimage -o " + image + " --version 16.40.1000");
            session.execute("fw:query " + image);
        }
        assertTrue(Files.exists(image), out.toString());
        assertTrue(out.toString().contains("FW Version:            16.40.1000"), out.toString());
    }
}
