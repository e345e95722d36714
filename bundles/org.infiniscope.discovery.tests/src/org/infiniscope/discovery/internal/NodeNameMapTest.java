package org.infiniscope.discovery.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.infiniscope.discovery.NodeNameMap;
import org.infiniscope.discovery.NodeNameMapException;
import org.junit.jupiter.api.Test;

/** infiniband-diags' node-name map format, as its parser reads it. */
class NodeNameMapTest {

    @Test
    void namesAreTheFirstRunWithoutQuotesOrHashes() throws Exception {
        NodeNameMap map = NodeNameMap.parse("""
                # a comment
                0x0008f10500000100 "leaf one"   # rack 3

                  0X8F10500000200   spine-two  # unquoted: up to the '#', blanks included
                0x0008f10500000300
                0x0008f10500000100 "second naming of a GUID: ignored"
                10 "decimal"
                010 "octal"
                0x1#"right after the GUID"
                """, "m");
        assertEquals(Optional.of("leaf one"), map.name(0x0008f10500000100L));
        assertEquals(Optional.of("spine-two  "), map.name(0x0008f10500000200L));
        assertEquals(Optional.empty(), map.name(0x0008f10500000300L), "a GUID with no name names nothing");
        assertEquals(Optional.of("decimal"), map.name(10));
        assertEquals(Optional.of("octal"), map.name(8));
        assertEquals(Optional.of("right after the GUID"), map.name(1));
        assertEquals(5, map.size());
    }

    @Test
    void withoutAFileTheDefaultMapIsReadWhenItExists() throws Exception {
        Path folder = Files.createTempDirectory(Path.of("target"), "names");
        Path fallback = folder.resolve("ib-node-name-map");
        assertEquals(NodeNameMap.EMPTY, NodeNameMap.open(null, fallback), "no default file: no names");
        Files.writeString(fallback, "0x2 \"from the default\"\n");
        assertEquals(Optional.of("from the default"), NodeNameMap.open(null, fallback).name(2));
        Path given = folder.resolve("given");
        Files.writeString(given, "0x2 \"given\"\n");
        assertEquals(Optional.of("given"), NodeNameMap.open(given, fallback).name(2), "a file given wins");
        assertEquals(Path.of("/etc/rdma/ib-node-name-map"), NodeNameMap.DEFAULT_FILE,
                "Debian's rdma-core 44 build: IBDIAG_NODENAME_MAP_PATH");
    }

    @Test
    void aNodeTheMapDoesNotNameIsItsDescriptionMadePrintable() throws Exception {
        NodeNameMap map = NodeNameMap.parse("0xffffffffffffffff \"all ones\"\n", "m");
        assertEquals("all ones", map.nameOf(-1L, "ignored"));
        assertEquals("h 1 x", map.nameOf(2, "h\t1\u0001x"));
        assertEquals("h00001", NodeNameMap.EMPTY.nameOf(2, "h00001"));
    }

    @Test
    void aMalformedLineIsAnErrorWithItsNumber() {
        NodeNameMapException e = assertThrows(NodeNameMapException.class,
                () -> NodeNameMap.parse("# ok\n0x1 \"a\"\nleaf001 \"b\"\n", "nodes.map"));
        assertEquals(3, e.line());
        assertTrue(e.getMessage().startsWith("nodes.map:3: 'leaf001' is not a GUID"), e.getMessage());
        assertEquals(1, assertThrows(NodeNameMapException.class, () -> NodeNameMap.parse("0x12g4 x\n", "m")).line());
        assertEquals(2, assertThrows(NodeNameMapException.class,
                () -> NodeNameMap.parse("\n0x10000000000000000 \"65 bits\"\n", "m")).line());
        assertEquals(1, assertThrows(NodeNameMapException.class, () -> NodeNameMap.parse("0x \"x\"\n", "m")).line());
    }
}
