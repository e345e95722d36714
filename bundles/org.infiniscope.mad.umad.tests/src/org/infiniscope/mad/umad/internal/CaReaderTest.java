package org.infiniscope.mad.umad.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.infiniscope.mad.umad.UmadCa;
import org.infiniscope.mad.umad.UmadException;
import org.infiniscope.mad.umad.UmadException.Reason;
import org.infiniscope.mad.umad.UmadPort;
import org.junit.jupiter.api.Test;

/** {@code umad_get_ca} read through FFM from the stand-in libibumad: the umad_ca_t and umad_port_t layouts. */
class CaReaderTest {

    @Test
    void readsEveryFieldOfTheCaAndItsPorts() throws Exception {
        try (StandInUmad umad = new StandInUmad(false, 1)) {
            List<UmadCa> cas = new CaReader(UmadLibrary.of(umad.lookup())).list();
            assertEquals(1, cas.size());
            UmadCa ca = cas.get(0);
            assertEquals(new UmadCa("mlx5_0", 1, 2, "20.31.1014", "MT4123", "0", 0x0002c90300001230L,
                    0x0002c90300001233L, ca.ports()), ca);
            assertEquals(List.of(
                    new UmadPort(1, 0x11, 0, 1, 0, 4, 5, 200, 0x2651e848, 0xfe80000000000000L, 0x0002c90300001231L,
                            "InfiniBand"),
                    new UmadPort(2, 0, 0, 0, 0, 1, 2, 10, 0x2651e848, 0xfe80000000000000L, 0x0002c90300001232L,
                            "InfiniBand")),
                    ca.ports());
            assertTrue(umad.calls.contains("release_ca"), "the CA is released: " + umad.calls);
        }
    }

    @Test
    void aListedNameLibibumadCannotDescribeIsLeftOut() throws Exception {
        try (StandInUmad umad = new StandInUmad(true, 1)) { // lists smi_mlx5_0 too, which get_ca refuses
            List<UmadCa> cas = new CaReader(UmadLibrary.of(umad.lookup())).list();
            assertEquals(List.of("mlx5_0"), cas.stream().map(UmadCa::name).toList());
        }
    }

    @Test
    void anIbsimFabricNeedsUmad2sim() throws Exception {
        try (StandInUmad umad = new StandInUmad(false, 1)) {
            CaReader reader = new CaReader(UmadLibrary.of(umad.lookup()));
            UmadException e = assertThrows(UmadException.class, () -> reader.forFabric("ibsim:lab", Map.of()));
            assertEquals(Reason.LIBRARY_MISSING, e.reason());
            assertEquals(Reason.BAD_SPEC,
                    assertThrows(UmadException.class, () -> reader.forFabric("umad:", Map.of())).reason());
            assertEquals(1, reader.forFabric("umad:mlx5_0:1", Map.of()).size());
        }
    }
}
