package org.infiniscope.model.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.edit.provider.ComposedAdapterFactory;
import org.eclipse.emf.edit.provider.IItemLabelProvider;
import org.eclipse.emf.edit.provider.IItemPropertyDescriptor;
import org.eclipse.emf.edit.provider.IItemPropertySource;
import org.eclipse.emf.edit.provider.ITreeItemContentProvider;
import org.eclipse.emf.edit.provider.INotifyChangedListener;
import org.eclipse.emf.edit.provider.ViewerNotification;
import org.infiniscope.model.Fabric;
import org.infiniscope.model.FabricFactory;
import org.infiniscope.model.FabricPackage;
import org.infiniscope.model.FabricPackage.Literals;
import org.infiniscope.model.Link;
import org.infiniscope.model.Node;
import org.infiniscope.model.NodeType;
import org.infiniscope.model.PhysicalState;
import org.infiniscope.model.Port;
import org.infiniscope.model.PortState;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Labels, tree children and property descriptors of the fabric model's item providers. */
class ItemProvidersTest {

    private static final FabricFactory F = FabricFactory.eINSTANCE;

    private ComposedAdapterFactory factory;
    private Fabric fabric;
    private Node leaf;
    private Node spine;
    private Node host;
    private Port leaf3;
    private Link link;

    private static Port port(Node node, int number, int lid, PortState state) {
        Port port = F.createPort();
        port.setNumber(number);
        port.setPortGuid(node.getNodeGuid() + (node.getType() == NodeType.SWITCH ? 0 : number));
        port.setLid(lid);
        port.setState(state);
        node.getPorts().add(port);
        return port;
    }

    private static Node node(Fabric fabric, NodeType type, String description, long guid) {
        Node node = F.createNode();
        node.setType(type);
        node.setDescription(description);
        node.setNodeGuid(guid);
        node.setSystemImageGuid(guid);
        node.setVendorId(0x02c9);
        node.setDeviceId(0xd2f0);
        node.setRevision(0xa0);
        node.setNumberOfPorts(type == NodeType.SWITCH ? 36 : 1);
        fabric.getNodes().add(node);
        return node;
    }

    private static void active(Port port, int width, int ext) {
        port.setState(PortState.ACTIVE);
        port.setPhysicalState(PhysicalState.LINK_UP);
        port.setWidthActive(width);
        port.setSpeedExtActive(ext);
        port.setMtu(2048);
        port.setMaxMtu(4096);
    }

    @BeforeEach
    void setUp() {
        factory = new ComposedAdapterFactory();
        factory.addAdapterFactory(new FabricItemProviderAdapterFactory());
        fabric = F.createFabric();
        fabric.setName("lab");
        fabric.setSweepTime(Date.from(java.time.Instant.parse("2026-11-29T12:00:00Z")));
        fabric.setSubnetPrefix(0xfe80000000000000L);
        fabric.setSmLid(1);
        leaf = node(fabric, NodeType.SWITCH, "leaf001", 0x0008f10500000100L);
        spine = node(fabric, NodeType.SWITCH, "spine001", 0x0008f10500000200L);
        host = node(fabric, NodeType.CA, "h00001", 0x0008f10400000100L);
        port(leaf, 0, 12, PortState.ACTIVE);
        port(spine, 0, 13, PortState.ACTIVE);
        leaf3 = port(leaf, 3, 0, PortState.DOWN);
        Port spine1 = port(spine, 1, 0, PortState.DOWN);
        Port hostPort = port(host, 1, 7, PortState.DOWN);
        active(leaf3, 2, 4);
        active(spine1, 2, 4);
        active(hostPort, 2, 0);
        hostPort.setSpeedActive(4);
        link = F.createLink();
        link.setEndA(leaf3);
        link.setEndB(spine1);
        fabric.getLinks().add(link);
        leaf3.setLink(link);
        spine1.setLink(link);
    }

    private String text(Object object) {
        return ((IItemLabelProvider) factory.adapt(object, IItemLabelProvider.class)).getText(object);
    }

    private List<IItemPropertyDescriptor> descriptors(EObject object) {
        return ((IItemPropertySource) factory.adapt(object, IItemPropertySource.class)).getPropertyDescriptors(object);
    }

    private IItemPropertyDescriptor descriptor(EObject object, EStructuralFeature feature) {
        return descriptors(object).stream().filter(d -> d.getFeature(object) == feature).findFirst().orElseThrow();
    }

    private String value(EObject object, EStructuralFeature feature) {
        IItemPropertyDescriptor d = descriptor(object, feature);
        return d.getLabelProvider(object).getText(d.getPropertyValue(object));
    }

    @Test
    void labelsNameTheNodePortLidStateWidthAndSpeed() {
        assertEquals("leaf001 port 3 (LID 12) Active 4X HDR", text(leaf3), "a switch port shows the switch's LID");
        assertEquals("h00001 port 1 (LID 7) Active 4X QDR", text(host.getPorts().get(0)));
        leaf3.setState(PortState.DOWN);
        assertEquals("leaf001 port 3 (LID 12) Down", text(leaf3), "a port that is down has no rate");
        assertEquals("leaf001 (Switch, LID 12)", text(leaf));
        assertEquals("h00001 (CA)", text(host));
        assertEquals("leaf001 port 3 - spine001 port 1 (4X HDR)", text(link));
        assertEquals("Fabric lab (3 nodes, 1 links)", text(fabric));
        host.setDescription("");
        assertEquals("0x0008f10400000100 (CA)", text(host), "no description: the GUID");
    }

    @Test
    void everyFeatureHasAReadableReadOnlyDescriptor() {
        for (EObject object : List.of(fabric, leaf, leaf3, link)) {
            EClass eClass = object.eClass();
            Set<EStructuralFeature> described = new HashSet<>();
            for (IItemPropertyDescriptor d : descriptors(object)) {
                EStructuralFeature feature = (EStructuralFeature) d.getFeature(object);
                if (feature != null) { // derived properties have none
                    described.add(feature);
                }
                String name = d.getDisplayName(object);
                assertNotNull(name);
                assertFalse(name.isBlank(), d.getId(object));
                if (feature != null) {
                    assertNotEquals(feature.getName(), name, "a readable name, not the feature's");
                }
                assertTrue(Character.isUpperCase(name.charAt(0)), name);
                assertTrue(d.getDescription(object).length() > name.length(), name + ": a description");
                assertNotNull(d.getCategory(object), name + ": a category");
                assertFalse(d.canSetProperty(object), name + ": the model changes through the service only");
            }
            Set<EStructuralFeature> expected = new HashSet<>();
            for (EStructuralFeature f : eClass.getEAllStructuralFeatures()) {
                boolean tree = f instanceof EReference r && (r.isContainment() || r.isContainer());
                if (!tree) {
                    expected.add(f);
                }
            }
            assertEquals(expected, described, eClass.getName() + ": every attribute and cross-reference");
        }
    }

    @Test
    void valuesShowTheirUnits() {
        assertEquals("2048 bytes", value(leaf3, Literals.PORT__MTU));
        assertEquals("4096 bytes", value(leaf3, Literals.PORT__MAX_MTU));
        assertEquals("4X", value(leaf3, Literals.PORT__WIDTH_ACTIVE));
        leaf3.setWidthSupported(0x1b);
        assertEquals("1X, 4X, 12X, 2X", value(leaf3, Literals.PORT__WIDTH_SUPPORTED));
        assertEquals("HDR (53.125 Gb/s)", value(leaf3, Literals.PORT__SPEED_EXT_ACTIVE));
        leaf3.setSpeedSupported(7);
        assertEquals("SDR (2.5 Gb/s), DDR (5 Gb/s), QDR (10 Gb/s)", value(leaf3, Literals.PORT__SPEED_SUPPORTED));
        assertEquals("none", value(leaf3, Literals.PORT__SPEED_ACTIVE));
        leaf3.setLmc(2);
        assertEquals("2 (4 LIDs)", value(leaf3, Literals.PORT__LMC));
        assertEquals("0x0008f10500000100", value(leaf3, Literals.PORT__PORT_GUID));
        assertEquals("0x0002c9", value(leaf, Literals.NODE__VENDOR_ID));
        assertEquals("0xd2f0", value(leaf, Literals.NODE__DEVICE_ID));
        assertEquals("12", value(leaf, Literals.NODE__LID));
        assertEquals("0xfe80000000000000", value(fabric, Literals.FABRIC__SUBNET_PREFIX));
        assertEquals("2026-11-29T12:00:00Z", value(fabric, Literals.FABRIC__SWEEP_TIME));
        assertEquals("Active", value(leaf3, Literals.PORT__STATE));
        assertEquals("LinkUp", value(leaf3, Literals.PORT__PHYSICAL_STATE));
        assertEquals("spine001 port 1 (LID 13) Active 4X HDR", value(leaf3, Literals.PORT__REMOTE_PORT));
    }

    private String derived(EObject object, String name) {
        IItemPropertyDescriptor d = descriptors(object).stream().filter(x -> name.equals(x.getDisplayName(object)))
                .findFirst().orElseThrow(() -> new AssertionError("no property " + name));
        assertNull(d.getFeature(object));
        assertFalse(d.canSetProperty(object));
        return d.getLabelProvider(object).getText(d.getPropertyValue(object));
    }

    @Test
    void aLinkShowsItsStateWidthSpeedAndRateAndTheirMismatches() {
        assertEquals("Active / LinkUp", derived(link, "State"));
        assertEquals("4X", derived(link, "Width"));
        assertEquals("HDR", derived(link, "Speed"));
        assertEquals("4X HDR: 212.5 Gb/s", derived(link, "Rate"));
        assertEquals("4X HDR: 212.5 Gb/s", derived(leaf3, "Link rate"));
        link.getEndB().setWidthActive(1);
        assertEquals("4X at leaf001 port 3, 1X at spine001 port 1", derived(link, "Width"), "a width mismatch");
        leaf3.setState(PortState.DOWN);
        leaf3.setWidthActive(0);
        assertEquals("none", derived(leaf3, "Link rate"), "a port that is down runs at no rate");
    }

    @Test
    void theTreeIsFabricNodesAndLinksThenPortsAndViewersHearOfChanges() {
        ITreeItemContentProvider tree = (ITreeItemContentProvider) factory.adapt(fabric,
                ITreeItemContentProvider.class);
        List<Object> children = new ArrayList<>(tree.getChildren(fabric));
        assertEquals(List.of(leaf, spine, host, link), children);
        ITreeItemContentProvider nodeTree = (ITreeItemContentProvider) factory.adapt(leaf,
                ITreeItemContentProvider.class);
        assertEquals(List.copyOf(leaf.getPorts()), List.copyOf(nodeTree.getChildren(leaf)));
        assertEquals(leaf, nodeTree.getParent(leaf3));

        List<ViewerNotification> heard = new ArrayList<>();
        INotifyChangedListener viewer = n -> heard.add((ViewerNotification) n);
        factory.addListener(viewer);
        text(leaf3); // adapts the port, as a viewer showing it would
        leaf3.setState(PortState.ARMED);
        assertEquals(1, heard.size());
        assertEquals(leaf3, heard.get(0).getElement());
        assertTrue(heard.get(0).isLabelUpdate());
        leaf.getPorts().remove(leaf3);
        assertEquals(2, heard.size());
        assertTrue(heard.get(1).isContentRefresh(), "a port removed refreshes its node's children");
        assertEquals(FabricPackage.NODE__PORTS, heard.get(1).getFeatureID(Node.class));
        factory.dispose();
    }
}
