package org.infiniscope.diag.internal;

import org.infiniscope.diag.counters.Thresholds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.infiniscope.console.UsageException;
import org.junit.jupiter.api.Test;

/** ibqueryerrors' threshold file, its counter names, and {@code errors}' command line. */
class ThresholdsTest {

    @Test
    void linesAreReadAsIbqueryerrorsReadsThem() {
        Thresholds t = Thresholds.parse("""
                # Define error thresholds here

                #SymbolErrorCounter=10
                SymbolErrorCounter=10
                PortRcvErrors=0x10
                LinkDownedCounter=010
                PortXmitWait=1000 # trailing text ends the number
                Bogus=5
                VL15Dropped
                """, "thr");
        assertEquals(
                Map.of("SymbolErrorCounter", 10L, "PortRcvErrors", 16L, "LinkDownedCounter", 8L, "PortXmitWait", 1000L),
                t.values());
        assertEquals("Thresholds: [SymbolErrorCounter = 10][PortRcvErrors = 16][LinkDownedCounter = 8]"
                + "[PortXmitWait = 1000]", t.text());
        assertEquals(0, t.of("VL15Dropped"));
        assertEquals(2, t.warnings().size(), t.warnings().toString());
        assertTrue(t.warnings().get(0).startsWith("thr:8: 'Bogus' is no error counter"), t.warnings().toString());
        assertTrue(t.warnings().get(1).startsWith("thr:9: no '='"), t.warnings().toString());
    }

    @Test
    void aFileOfCommentsIsEmptyThresholdsAsDebiansDefault() {
        Thresholds t = Thresholds.parse("# Define error thresholds here\n\n#SymbolErrorCounter=10\n", "x");
        assertEquals(Map.of(), t.values());
        assertEquals("Thresholds: ", t.text());
        assertEquals(Thresholds.NONE.text(), t.text());
    }

    @Test
    void strtoulAsC() {
        assertEquals(0, Thresholds.strtoul(""));
        assertEquals(42, Thresholds.strtoul(" 42abc"));
        assertEquals(255, Thresholds.strtoul("0xff"));
        assertEquals(0, Thresholds.strtoul("0x"));
        assertEquals(7, Thresholds.strtoul("07"));
        assertEquals(0, Thresholds.strtoul("08"));
    }

    @Test
    void humanReadableAsConvCntHumanReadable() {
        assertEquals("(68.000)", Errors.human(68, false));
        assertEquals("(1.003K)", Errors.human(1027, false));
        assertEquals("(19.125KB)", Errors.human(4896, true));
        assertEquals("(288.844KB)", Errors.human(73944, true));
        assertEquals("(0.000)", Errors.human(0, false));
        assertEquals("(0.000B)", Errors.human(0, true));
        assertEquals("(1024.000KB)", Errors.human(262144, true));
        assertEquals("(1.000MB)", Errors.human(262145, true));
        assertEquals("(16.000E)", Errors.human(-1, false));
    }

    @Test
    void theCommandLineAsIbqueryerrorsTakesIt() throws UsageException {
        ErrorsArgs args = ErrorsArgs.parse(List.of("-s", "SymbolErrorCounter,PortXmitDiscards", "-c", "--switch",
                "--threshold-file=t", "-k", "--data", "-o", "8"));
        assertEquals(List.of("SymbolErrorCounter", "PortXmitDiscards", "PortRcvSwitchRelayErrors"), args.suppressed());
        assertTrue(args.wants(2) && !args.wants(1) && !args.wants(3));
        assertTrue(args.clearErrors() && !args.clearCounts() && args.data());
        assertEquals(8, args.sweep().window());
        assertTrue(ErrorsArgs.parse(List.of()).wants(1));
        assertThrows(UsageException.class, () -> ErrorsArgs.parse(List.of("-s", "Frobnications")));
        assertThrows(UsageException.class, () -> ErrorsArgs.parse(List.of("--bogus")));
        assertThrows(UsageException.class, () -> ErrorsArgs.parse(List.of("leaf001")));
        assertThrows(UsageException.class, () -> ErrorsArgs.parse(List.of("--threshold-file")));
    }
}
