package org.infiniscope.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class IncludeTest {

    @Test
    void includesResolveAgainstTheIncludingFileAndShareGlobals() throws Exception {
        Path dir = Fabrics.copy("include", "includes/main.net", "includes/sub/hosts.net", "includes/sub/more.net");
        NetFile file = NetFiles.read(dir.resolve("includes/main.net"));
        Topology t = file.topology();
        assertEquals(List.of("core switch", "host one", "host two"), t.nodes().stream().map(Node::name).toList());
        assertEquals(3, t.defaultWidth());
        assertEquals(7, t.defaultSpeed());
        // "host two" has no caguid line: it takes the counter after "host one" (1 port: 2 GUIDs)
        assertEquals(0x0008f10400000102L, t.node("host two").orElseThrow().nodeGuid());
        assertEquals(
                List.of(Link.of("core switch", 1, "host one", 1), new Link("core switch", 2, "host two", 2, 1, 0, 0)),
                t.links());
        assertEquals(List.of("Dump", "Unlink \"core switch\"[1]"), file.consoleCommands());
        assertEquals(file, Fabrics.roundTrip(file));
    }
}
