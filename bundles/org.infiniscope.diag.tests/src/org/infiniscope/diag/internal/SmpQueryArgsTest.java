package org.infiniscope.diag.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.infiniscope.console.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** smpquery's command line: what it accepts, and the argument each error names. */
class SmpQueryArgsTest {

    private static SmpQueryArgs parse(String line) throws UsageException {
        return SmpQueryArgs.parse(List.of(line.split(" ")));
    }

    @Test
    void aDirectedRouteQueryWithEveryOption() throws UsageException {
        SmpQueryArgs args = parse("--fabric ibsim:lab@h00002 -D -t 250 --json portinfo 0,1,3 5");
        assertEquals("ibsim:lab@h00002", args.fabric());
        assertEquals(Duration.ofMillis(250), args.timeout());
        assertTrue(args.json());
        assertEquals(SmpOp.PORT_INFO, args.op());
        assertTrue(args.destination().isDirected());
        assertArrayEquals(new int[]{1, 3}, args.destination().outPorts());
        assertEquals("DR path slid 65535; dlid 65535; 0,1,3", args.destination().describe());
        assertEquals(5, args.port());
    }

    @Test
    void aLidQueryWithDefaultsAndOptionsAfterTheOperands() throws UsageException {
        SmpQueryArgs args = parse("NI 0x1b --fabric=umad");
        assertEquals("umad", args.fabric());
        assertEquals(SmpOp.NODE_INFO, args.op());
        assertFalse(args.json());
        assertEquals(Duration.ofSeconds(1), args.timeout());
        assertEquals("Lid 27", args.destination().describe());
        assertEquals(0, args.port());
    }

    @Test
    void noFabricIsLeftToTheLauncher() throws UsageException {
        assertNull(parse("-D switchinfo 0").fabric());
        assertEquals("DR path slid 65535; dlid 65535; 0", parse("-D si 0").destination().describe());
        assertEquals(0, parse("-D si 0").destination().outPorts().length);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
            "-D;missing OP: one of nodeinfo|ni, nodedesc|nd, portinfo|pi, switchinfo|si, pkeytable|pkeys, sl2vltable|sl2vl, vlarbitration|vlarb, guidinfo|gi",
            "-D linkinfo 0;unknown operation 'linkinfo': expected one of nodeinfo|ni, nodedesc|nd, portinfo|pi, switchinfo|si, pkeytable|pkeys, sl2vltable|sl2vl, vlarbitration|vlarb, guidinfo|gi",
            "-D ni;missing DEST: a LID, or with -D a directed route such as 0,1,3",
            "-D ni 0,x;the directed route '0,x': 'x' is not a number",
            "-D ni 0,256;the directed route '0,256': 256 is outside 0..255",
            "ni 0,1;DEST '0,1' looks like a directed route: add -D", "ni 0;DEST (a LID): 0 is outside 1..65535",
            "ni 65536;DEST (a LID): 65536 is outside 1..65535", "ni one;DEST (a LID): 'one' is not a number",
            "ni 1 2;nodeinfo takes no PORT, got '2'", "pi 1 x;PORT: 'x' is not a number",
            "pi 1 2 3;unexpected argument '3'", "-t 0 ni 1;TIMEOUT_MS (-t): 0 is outside 1..2147483647",
            "ni 1 -t;-t needs a value", "-x ni 1;unknown option '-x'",
            "--fabric= ni 1;--fabric is empty: expected umad, umad:CA:PORT or ibsim:SOCKET[@NODE]"})
    void badArgumentsAreNamed(String line, String message) {
        UsageException e = assertThrows(UsageException.class, () -> parse(line));
        assertEquals(message, e.getMessage());
    }

    @Test
    void aRouteOfMoreThan63HopsIsRefused() {
        String route = "0" + ",1".repeat(64);
        UsageException e = assertThrows(UsageException.class, () -> parse("-D ni " + route));
        assertEquals("DEST '" + route + "' has 64 hops, at most 63", e.getMessage());
    }
}
