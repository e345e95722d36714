package org.infiniscope.model.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.emf.ecore.xmi.XMLResource;
import org.eclipse.emf.ecore.xmi.impl.XMIResourceImpl;
import org.infiniscope.model.Fabric;
import org.infiniscope.model.Link;
import org.infiniscope.model.Node;
import org.infiniscope.model.Port;
import org.infiniscope.model.util.FabricXmi;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Model snapshots saved as XMI and read back. */
class FabricXmiTest {

    static Fabric model(String spec) throws Exception {
        FabricModelServiceImpl service = new FabricModelServiceImpl();
        service.update(TopologySnapshots.of(TopologySpec.parse(spec)), spec, Instant.parse("2026-11-29T12:00:00Z"));
        return service.copy();
    }

    @ParameterizedTest
    @ValueSource(strings = {"ft2:4:2:4", "ft3:4", "ft3:12"})
    void aFabricSavedAsXmiLoadsBackEqual(String spec) throws Exception {
        Fabric fabric = model(spec);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FabricXmi.save(fabric, out);
        Fabric loaded = FabricXmi.load(new ByteArrayInputStream(out.toByteArray()));
        assertNotSame(fabric, loaded);
        assertTrue(EcoreUtil.equals(fabric, loaded), spec + ": every attribute and reference read back");
        assertEquals(fabric.getNodes().size(), loaded.getNodes().size());
        assertEquals(spec, loaded.getName());
        assertEquals(Instant.parse("2026-11-29T12:00:00Z"), loaded.getSweepTime().toInstant());
        // references are resolved to the loaded objects: a link's ends point back at it
        for (Link link : loaded.getLinks()) {
            assertSame(link, link.getEndA().getLink());
            assertSame(link, link.getEndB().getLink());
            assertSame(loaded, link.getEndA().getNode().getFabric());
        }
        // the fabric was put back as it was (it had no resource)
        assertEquals(null, fabric.eResource());
    }

    @Test
    void aFileRoundTripKeepsSwitchLidsAndRemotePorts() throws Exception {
        Fabric fabric = model("ft2:4:2:4");
        Path file = Path.of("target", "ft2-4-2-4.xmi");
        Files.createDirectories(file.getParent());
        FabricXmi.save(fabric, file);
        Fabric loaded = FabricXmi.load(file);
        Node leaf = loaded.getNodes().stream().filter(n -> n.getDescription().equals("leaf001")).findFirst()
                .orElseThrow();
        Node original = fabric.getNodes().stream().filter(n -> n.getDescription().equals("leaf001")).findFirst()
                .orElseThrow();
        assertTrue(leaf.getLid() > 0);
        assertEquals(original.getLid(), leaf.getLid());
        Port up = leaf.getPorts().stream().filter(p -> p.getRemotePort() != null).findFirst().orElseThrow();
        assertEquals(leaf, up.getRemotePort().getRemotePort().getNode());
    }

    @Test
    void theFragmentIndexWritesByteForByteWhatEmfWrites() throws Exception {
        Fabric fabric = model("ft3:4");
        ByteArrayOutputStream ours = new ByteArrayOutputStream();
        FabricXmi.save(fabric, ours);
        XMIResourceImpl plain = new XMIResourceImpl(URI.createURI("fabric.xmi"));
        plain.getContents().add(fabric);
        ByteArrayOutputStream emf = new ByteArrayOutputStream();
        plain.save(emf, Map.of(XMLResource.OPTION_ENCODING, "UTF-8"));
        assertEquals(emf.toString(StandardCharsets.UTF_8), ours.toString(StandardCharsets.UTF_8));
        assertTrue(ours.toString(StandardCharsets.UTF_8).contains("link=\"//@links.0\""));
    }

    @Test
    void notAFabricIsAnIOExceptionSayingWhy() {
        IOException garbage = assertThrows(IOException.class,
                () -> FabricXmi.load(new ByteArrayInputStream("not xml at all".getBytes(StandardCharsets.UTF_8))));
        assertTrue(garbage.getMessage() != null && !garbage.getMessage().isBlank());
        String ecore = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<ecore:EPackage xmi:version=\"2.0\" xmlns:xmi=\"http://www.omg.org/XMI\""
                + " xmlns:ecore=\"http://www.eclipse.org/emf/2002/Ecore\" name=\"other\"/>\n";
        IOException other = assertThrows(IOException.class,
                () -> FabricXmi.load(new ByteArrayInputStream(ecore.getBytes(StandardCharsets.UTF_8))));
        assertTrue(other.getMessage().contains("EPackage, expected one Fabric"), other.getMessage());
        String unknownFeature = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<fabric:Fabric xmi:version=\"2.0\" xmlns:xmi=\"http://www.omg.org/XMI\""
                + " xmlns:fabric=\"http://infiniscope.org/model/fabric/0.1\" colour=\"blue\"/>\n";
        IOException feature = assertThrows(IOException.class,
                () -> FabricXmi.load(new ByteArrayInputStream(unknownFeature.getBytes(StandardCharsets.UTF_8))));
        assertTrue(feature.getMessage().contains("colour"), feature.getMessage());
    }
}
