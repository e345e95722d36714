package org.infiniscope.discovery.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.FabricDiff;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.NodeNameMap;
import org.junit.jupiter.api.Test;

/**
 * Our reading of ibnetdiscover's cache files and our printing of them, against what Debian's ibnetdiscover printed
 * for the same files (golden/README.md says how they were made): topology, {@code -p}, {@code -l}, {@code -g},
 * {@code -m}, node-name map and {@code --diff}, line by line with no difference allowed but the date.
 */
class IbnetdiscoverGoldenTest {

    private static FabricSnapshot load(String name) throws Exception {
        return IbnetdiscCache.decode(Golden.bytes(name), name);
    }

    private static NodeNameMap map() throws Exception {
        return NodeNameMap.parse(Golden.text("ft2-16.node-name-map"), "ft2-16.node-name-map");
    }

    @Test
    void theirCacheReadsAsTheTopologyTheyPrinted() throws Exception {
        FabricSnapshot s = load("ft2-16.cache");
        assertEquals(22, s.nodes().size());
        assertEquals(Golden.withoutDate(Golden.text("ft2-16.topology")),
                Golden.withoutDate(new IbnetdiscoverText(s, NodeNameMap.EMPTY).topology("DATE", false, false)));
    }

    @Test
    void thePortsReportIsTheirs() throws Exception {
        assertEquals(Golden.text("ft2-16.ports"),
                new IbnetdiscoverText(load("ft2-16.cache"), NodeNameMap.EMPTY).ports());
        // a switch port whose cable was pulled: no peer, only the node's name after 36 blanks
        assertEquals(Golden.text("ft2-16-unlinked.ports"),
                new IbnetdiscoverText(load("ft2-16-unlinked.cache"), NodeNameMap.EMPTY).ports());
    }

    @Test
    void theNodeNameMapRenamesWhereIbnetdiscoverDoes() throws Exception {
        FabricSnapshot s = load("ft2-16.cache");
        IbnetdiscoverText text = new IbnetdiscoverText(s, map());
        // switch lines and peers take the map's names; a CA's own line keeps its NodeDescription
        assertEquals(Golden.withoutDate(Golden.text("ft2-16-map.topology")),
                Golden.withoutDate(text.topology("DATE", false, false)));
        assertEquals(Golden.text("ft2-16-map.ports"), text.ports());
        assertEquals(Golden.text("ft2-16-map.list"),
                text.list(List.of(DiscoveredNode.CA, DiscoveredNode.SWITCH, DiscoveredNode.ROUTER)));
    }

    @Test
    void groupingAndMaxHopsPrintAsTheirs() throws Exception {
        FabricSnapshot s = load("ft2-16.cache");
        IbnetdiscoverText text = new IbnetdiscoverText(s, NodeNameMap.EMPTY);
        assertEquals(Golden.withoutDate(Golden.text("ft2-16-grouping.topology")),
                Golden.withoutDate(text.topology("DATE", true, false)));
        // a loaded cache sent no MADs, in either tool
        assertEquals(Golden.withoutDate(Golden.text("ft2-16-max-hops.topology")),
                Golden.withoutDate(text.topology("DATE", false, true)));
    }

    @Test
    void groupingIsRefusedWhereIbnetdiscoverWouldFindAChassis() throws Exception {
        FabricSnapshot s = load("ft2-16.cache");
        assertEquals(java.util.Optional.empty(), DiscoverTool.chassis(s));
        List<DiscoveredNode> nodes = new java.util.ArrayList<>(s.nodes());
        DiscoveredNode n = nodes.get(3);
        // a second node of the system image of node 2: libibnetdisc makes the two one chassis
        nodes.set(3, new DiscoveredNode(n.type(), n.nodeGuid(), nodes.get(2).systemImageGuid(), n.description(),
                n.vendorId(), n.deviceId(), n.revision(), n.portCount(), n.enhancedPort0(), n.ports(), n.route()));
        FabricSnapshot shared = new FabricSnapshot(nodes, s.links(), s.localNodeGuid(), s.localPort(), 0);
        assertTrue(DiscoverTool.chassis(shared).orElseThrow().contains("share system image GUID"));
    }

    @Test
    void theDiffIsTheirs() throws Exception {
        FabricSnapshot before = load("ft2-16.cache");
        FabricSnapshot after = load("ft2-16-unlinked.cache");
        assertEquals(Golden.text("ft2-16-unlinked.diff"),
                IbnetdiscoverDiff.diff(before, after, IbnetdiscoverDiff.DEFAULT, NodeNameMap.EMPTY));
        assertEquals(Golden.text("ft2-16-relinked.diff"),
                IbnetdiscoverDiff.diff(after, before, IbnetdiscoverDiff.DEFAULT, NodeNameMap.EMPTY));
        assertEquals(Golden.text("ft2-16-unlinked-map-all.diff"),
                IbnetdiscoverDiff.diff(before, after, IbnetdiscoverDiff.checks("sw,ca,port,LID,nodedesc"), map()));
        assertEquals("", IbnetdiscoverDiff.diff(before, before,
                IbnetdiscoverDiff.checks("sw,ca,router,port,lid,nodedesc"), NodeNameMap.EMPTY));
    }

    @Test
    void whatWeWriteReadsBackTheSame() throws Exception {
        for (String name : List.of("ft2-16.cache", "ft2-16-unlinked.cache")) {
            FabricSnapshot s = load(name);
            FabricSnapshot again = IbnetdiscCache.decode(IbnetdiscCache.encode(s), "ours");
            assertEquals(List.of(), FabricDiff.compare(s, again), name);
            assertEquals(s.nodes(), again.nodes(), name + ": the nodes, their order and routes");
            IbnetdiscoverText theirs = new IbnetdiscoverText(s, NodeNameMap.EMPTY);
            IbnetdiscoverText ours = new IbnetdiscoverText(again, NodeNameMap.EMPTY);
            assertEquals(theirs.topology("DATE", false, true), ours.topology("DATE", false, true), name);
            assertEquals(theirs.ports(), ours.ports(), name);
            assertTrue(again.nodes().stream().allMatch(n -> n.route().size() <= 4), name);
        }
    }
}
