package org.infiniscope.mad.umad.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;

import org.infiniscope.mad.umad.UmadChannels;
import org.infiniscope.mad.umad.UmadException;
import org.infiniscope.mad.umad.UmadException.Reason;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The bindings against the machine's own libibumad (no preload: the lab tests attach it to ibsim). Debian's
 * rdma-core 44 has no SMI/GSI split, so this is where the classic fallback meets a real library.
 */
class RealLibraryTest {

    private static UmadLibrary library;

    @BeforeAll
    static void load() {
        try {
            library = UmadLibrary.system();
        } catch (UmadException e) {
            if ("true".equals(System.getenv("CI"))) {
                fail("CI installs libibumad3, yet: " + e.getMessage());
            }
            Assumptions.abort("skipped: " + e.getMessage());
        }
    }

    private static boolean hasHca() throws UmadException {
        try {
            new PortResolver(library).resolve(PortSpec.parse("umad"));
            return true;
        } catch (UmadException e) {
            if (e.reason() == Reason.NO_CA) {
                return false;
            }
            throw e;
        }
    }

    @Test
    void bindsEveryClassicFunctionAndProbesTheSplit() {
        boolean hasSplit = SymbolLookup.libraryLookup(UmadLibrary.SONAME, Arena.global()).find("umad_open_smi_port")
                .isPresent();
        assertEquals(hasSplit, library.hasSmiSplit());
        assertTrue(library.boundFunctions().containsAll(
                UmadLibrary.FUNCTIONS.keySet().stream().filter(f -> !UmadLibrary.SMI_FUNCTIONS.contains(f)).toList()));
        assertEquals(hasSplit, library.boundFunctions().contains("umad_get_smi_gsi_pairs"));
    }

    @Test
    void withoutAnHcaOpeningSaysSo() throws Exception {
        Assumptions.assumeFalse(hasHca(), "skipped: this machine has an HCA");
        // libibumad names a default CA even without sysfs: the resolver must not take it for one
        assertFalse(new PortResolver(library).caNames().isEmpty() && hasHca());
        UmadException e = assertThrows(UmadException.class, () -> UmadChannels.open("umad"));
        assertEquals(Reason.NO_CA, e.reason());
    }

    @Test
    @Tag("hw")
    void opensTheFirstActivePortOfARealHca() throws Exception {
        Assumptions.assumeTrue(hasHca(), "skipped: needs an InfiniBand HCA (hw), this machine has none");
        try (UmadChannel channel = UmadChannel.open(library, "umad")) {
            assertTrue(channel.localPort().portGuid() != 0);
        }
    }

    @Test
    void withoutAnHcaThereIsNoCaToDescribe() throws Exception {
        Assumptions.assumeFalse(hasHca(), "skipped: this machine has an HCA");
        // libibumad names its default CA without sysfs; umad_get_ca cannot describe it, and ibstat prints nothing
        assertEquals(java.util.List.of(), new CaReader(library).list());
    }

    @Test
    @Tag("hw")
    void describesTheCasOfARealHca() throws Exception {
        Assumptions.assumeTrue(hasHca(), "skipped: needs an InfiniBand HCA (hw), this machine has none");
        var cas = new CaReader(library).list();
        assertFalse(cas.isEmpty());
        cas.forEach(ca -> {
            assertFalse(ca.name().isEmpty());
            assertTrue(ca.nodeGuid() != 0, ca.toString());
            assertFalse(ca.ports().isEmpty(), ca.toString());
        });
    }
}
