package org.infiniscope.diag.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.infiniscope.console.UsageException;
import org.junit.jupiter.api.Test;

/** Which ports {@code portstate} refuses to take down, and its command line. */
class PortStateGuardTest {

    private static final long HOST = 0x200, LEAF = 0x1000, SPINE = 0x5000, SM_LEAF = 0x2000, SM_HOST = 0x100;

    /** This port (HOST:1) on LEAF:2; the SM on SM_HOST:1 behind LEAF:5 - SPINE:1 - SPINE:3 - SM_LEAF:6 - SM_LEAF:1. */
    private static List<PortStateGuard.Guarded> guarded() {
        List<Trace.PathPort> route = List.of(new Trace.PathPort(HOST, 1), new Trace.PathPort(HOST, 1),
                new Trace.PathPort(LEAF, 2), new Trace.PathPort(LEAF, 5), new Trace.PathPort(SPINE, 1),
                new Trace.PathPort(SPINE, 3), new Trace.PathPort(SM_LEAF, 6), new Trace.PathPort(SM_LEAF, 1),
                new Trace.PathPort(SM_HOST, 1));
        return PortStateGuard.guarded(HOST, 1, LEAF, 2, 9, route);
    }

    @Test
    void theLocalPortAndItsPeerAreGuardedFirst() {
        assertEquals(Optional.of("the port this tool is attached through"), PortStateGuard.refusal(HOST, 1, guarded()));
        assertEquals(Optional.of("the peer of the port this tool is attached through"),
                PortStateGuard.refusal(LEAF, 2, guarded()));
    }

    @Test
    void everyPortOnTheRouteToTheSmIsGuardedTheSmsOwnNamedSo() {
        for (long[] port : new long[][]{{LEAF, 5}, {SPINE, 1}, {SPINE, 3}, {SM_LEAF, 6}, {SM_LEAF, 1}}) {
            Optional<String> why = PortStateGuard.refusal(port[0], (int) port[1], guarded());
            assertEquals(Optional.of("on the route from this port to the SM (LID 9)"), why,
                    Long.toHexString(port[0]) + ":" + port[1]);
        }
        assertEquals(Optional.of("on the route from this port to the SM (LID 9), the SM's own port"),
                PortStateGuard.refusal(SM_HOST, 1, guarded()));
    }

    @Test
    void portsOffThoseRoutesMayGoDown() {
        assertEquals(Optional.empty(), PortStateGuard.refusal(LEAF, 3, guarded()));
        assertEquals(Optional.empty(), PortStateGuard.refusal(SPINE, 2, guarded()));
        assertEquals(Optional.empty(), PortStateGuard.refusal(SM_LEAF, 5, guarded()));
        assertEquals(Optional.empty(), PortStateGuard.refusal(0x999, 1, guarded()));
    }

    @Test
    void withoutAnSmOrAPeerOnlyTheLocalPortIsGuarded() {
        List<PortStateGuard.Guarded> alone = PortStateGuard.guarded(HOST, 1, 0, 0, 0, List.of());
        assertEquals(1, alone.size());
        assertTrue(PortStateGuard.refusal(HOST, 1, alone).isPresent());
        assertEquals(Optional.empty(), PortStateGuard.refusal(HOST, 2, alone));
    }

    @Test
    void onlyOperationsThatTakeTheLinkDownAreGuarded() throws UsageException {
        for (String op : List.of("disable", "reset", "off", "down")) {
            assertTrue(PortStateArgs.parse(List.of("3", "1", op)).op().breaksLink(), op);
        }
        for (String op : List.of("query", "enable", "on", "arm", "active")) {
            assertTrue(!PortStateArgs.parse(List.of("3", "1", op)).op().breaksLink(), op);
        }
        assertTrue(!PortStateArgs.parse(List.of("3", "1", "speed", "2")).op().breaksLink());
    }

    @Test
    void theCommandLineAsIbportstateTakesIt() throws UsageException {
        PortStateArgs args = PortStateArgs
                .parse(List.of("-D", "0,1,5", "3", "width", "2", "speed", "0x1", "disable", "--force"));
        assertEquals(Destination.directed(List.of(0, 1, 5)), args.destination());
        assertEquals(3, args.port());
        assertEquals(PortStateArgs.Op.DISABLE, args.op());
        assertEquals(List.of("width", "speed"), List.copyOf(args.values().keySet()));
        assertEquals(1L, args.values().get("speed"));
        assertTrue(args.force());
        assertTrue(args.changes());
        assertTrue(!PortStateArgs.parse(List.of("8", "1")).changes());
    }

    @Test
    void badCommandLinesAreUsageErrors() {
        assertTrue(message("8").contains("missing PORT"));
        assertTrue(message("8", "1", "frobnicate").contains("invalid operation: frobnicate"));
        assertTrue(message("8", "1", "speed").contains("speed requires an additional parameter"));
        assertTrue(message("8", "1", "speed", "16").contains("outside 0..15"));
        assertTrue(message("8", "1", "width", "32").contains("invalid width value 32"));
        assertTrue(message("8", "1", "vls", "0").contains("invalid vls value 0"));
        assertTrue(message("8", "1", "enable", "disable").contains("only one of"));
        assertTrue(message("-x", "8", "1").contains("unknown option '-x'"));
        assertTrue(message("0,1", "1").contains("add -D"));
    }

    private static String message(String... args) {
        return assertThrows(UsageException.class, () -> PortStateArgs.parse(List.of(args))).getMessage();
    }
}
