package org.infiniscope.headless;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class OptionsTest {

    @Test
    void shellTakesNothingElse() {
        assertFalse(Options.parse(new String[]{"--shell"}).cli());
        assertEquals("--shell takes no arguments, got 'lb'",
                assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[]{"--shell", "lb"}))
                        .getMessage());
    }

    @Test
    void cliKeepsTheCommandAsGiven() {
        Options options = Options.parse(new String[]{"--cli", "bundles", "a b", ""});
        assertTrue(options.cli());
        assertEquals(List.of("bundles", "a b", ""), options.command());
        assertEquals(List.of(), Options.parse(new String[]{"--cli"}).command());
    }

    @Test
    void daemonServesWithoutShellOrCommand() {
        Options options = Options.parse(new String[]{"--daemon"});
        assertTrue(options.daemon());
        assertFalse(options.cli());
        assertEquals(List.of(), options.command());
        assertFalse(Options.parse(new String[]{"--shell"}).daemon());
        assertEquals("--daemon takes no arguments, got 'x'",
                assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[]{"--daemon", "x"}))
                        .getMessage());
    }

    @Test
    void missingOrUnknownModeIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[0]));
        assertEquals("unknown option '--gui'",
                assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[]{"--gui"})).getMessage());
    }

    @Test
    void serviceServesWithoutShell() {
        Options options = Options.parse(new String[]{"--service"});
        assertTrue(options.service());
        assertTrue(options.serves());
        assertFalse(options.cli());
        assertFalse(options.daemon());
        assertTrue(Options.parse(new String[]{"--shell"}).serves());
        assertFalse(Options.parse(new String[]{"--shell"}).service());
        assertFalse(Options.parse(new String[]{"--daemon"}).serves());
        assertFalse(Options.parse(new String[]{"--cli", "version"}).serves());
    }
}
