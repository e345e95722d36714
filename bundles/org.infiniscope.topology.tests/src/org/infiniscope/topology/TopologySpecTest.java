package org.infiniscope.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TopologySpecTest {

    @Test
    void specsGiveTheirGenerators() throws Exception {
        assertEquals(Generators.fatTree2(4, 2, 4), TopologySpec.parse("ft2:4:2:4"));
        assertEquals(Generators.fatTree2(24, 18, 18), TopologySpec.parse("ft2:24:18"));
        assertEquals(Generators.fatTree3(4), TopologySpec.parse("ft3:4"));
        assertEquals(Generators.torus(3, 3), TopologySpec.parse("torus:3:3"));
        assertEquals(Generators.torus(2, 2, 2), TopologySpec.parse("torus:2:2:2"));
        assertEquals(Generators.dragonfly(3, 2, 2), TopologySpec.parse("dfly:3:2"));
        assertEquals(Generators.random(4, 10, -5), TopologySpec.parse("random:4:10:-5"));
        assertTrue(TopologySpec.isSpec("ft2:4:2"));
        assertFalse(TopologySpec.isSpec("/tmp/ft2:4.net"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '`', value = {
            "ft2:4:x; SPINES; \"ft2:4:x\": SPINES: \"x\" is not a number", "ft2:4; SPINES; \"ft2:4\": SPINES: missing",
            "ft2:0:2; LEAVES; \"ft2:0:2\": LEAVES: 0 is below 1",
            "ft2:4:2:4:1; kind; \"ft2:4:2:4:1\": kind: ft2 takes LEAVES:SPINES:[HOSTS], not 4 fields",
            "ft2:2:1:200; HOSTS; \"ft2:2:1:200\": HOSTS: the switches would need 400 ports, at most 254",
            "ft3:35; RADIX; \"ft3:35\": RADIX: 35 is odd, a 3-level fat tree needs an even radix",
            "ft3:; RADIX; \"ft3:\": RADIX: \"\" is not a number", "torus:4; Y; \"torus:4\": Y: missing",
            "torus:4:0; Y; \"torus:4:0\": Y: 0 is below 1", "dfly:3:0; SWITCHES; \"dfly:3:0\": SWITCHES: 0 is below 1",
            "random:2:100:1; HOSTS; \"random:2:100:1\": HOSTS: 100 hosts do not fit on 2 36-port switches",
            "random:2:10:x; SEED; \"random:2:10:x\": SEED: \"x\" is not a 64-bit integer",
            "mesh:4; kind; \"mesh:4\": kind: \"mesh\" is not ft2, ft3, torus, dfly or random"})
    void badSpecsNameTheField(String spec, String field, String message) {
        TopologySpecException e = assertThrows(TopologySpecException.class, () -> TopologySpec.parse(spec));
        assertEquals(field, e.field());
        assertEquals(message, e.getMessage());
    }
}
