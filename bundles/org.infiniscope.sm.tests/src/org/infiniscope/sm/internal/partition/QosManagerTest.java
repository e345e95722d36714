package org.infiniscope.sm.internal.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.infiniscope.sm.partition.NodeType;
import org.infiniscope.sm.partition.QosCalculator;
import org.infiniscope.sm.partition.QosOptions;
import org.infiniscope.sm.partition.QosPort;
import org.infiniscope.sm.partition.QosTables;
import org.infiniscope.sm.partition.QosTables.PortKey;
import org.infiniscope.sm.partition.QosTables.Sl2VlKey;
import org.infiniscope.sm.partition.QosTables.VlWeight;
import org.junit.jupiter.api.Test;

/** QoS tables against what OpenSM 3.3.23 wrote on ibsim (ft2-16, VL0-7 everywhere, arbitration caps of 8). */
class QosManagerTest {

    static final String CONFIG = """
            sweep_interval 0
            qos TRUE
            qos_max_vls 8
            qos_high_limit 3
            qos_vlarb_high 0:8,1:4
            qos_vlarb_low 2:10,3:20,4:30
            qos_sl2vl 0,1,2,3,4,5,6,7,0,1,2,3,4,5,6,15
            qos_ca_sl2vl 3,2,1,0,3,2,1,0,3,2,1,0,3,2,1,0
            qos_swe_vlarb_high 1:100
            """;

    private static List<QosPort> ports(int operationalVls) {
        List<QosPort> ports = new ArrayList<>();
        ports.add(new QosPort(NodeType.CA, 0x100, 1, 4, operationalVls, 8, 8, true, false, false));
        for (int p = 0; p <= 8; p++) {
            ports.add(new QosPort(NodeType.SWITCH, 0x200, p, 4, operationalVls, 8, 8, true, p == 6, false));
        }
        return ports;
    }

    private static List<VlWeight> weights(int... pairs) {
        List<VlWeight> list = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            list.add(2 * i < pairs.length ? new VlWeight(pairs[2 * i], pairs[2 * i + 1]) : new VlWeight(0, 0));
        }
        return list;
    }

    @Test
    void tablesAsOpenSmWroteThem() throws Exception {
        QosTables tables = QosCalculator.compute(QosOptions.parse(CONFIG, "c"), ports(4));
        assertEquals(List.of(3, 2, 1, 0, 3, 2, 1, 0, 3, 2, 1, 0, 3, 2, 1, 0),
                tables.sl2vl().get(new Sl2VlKey(0x100, 0, 0)));
        assertEquals(weights(2, 10, 3, 20, 4, 30), tables.vlArbLow().get(new PortKey(0x100, 1)));
        assertEquals(weights(0, 8, 1, 4), tables.vlArbHigh().get(new PortKey(0x100, 1)));
        assertEquals(weights(1, 100), tables.vlArbHigh().get(new PortKey(0x200, 5)));
        assertEquals(weights(2, 10, 3, 20, 4, 30), tables.vlArbLow().get(new PortKey(0x200, 5)));
        for (int in = 0; in <= 8; in++) {
            assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 15),
                    tables.sl2vl().get(new Sl2VlKey(0x200, in, 5)));
        }
        assertTrue(!tables.sl2vl().containsKey(new Sl2VlKey(0x200, 1, 0))); // port 0 not enhanced
        assertTrue(!tables.sl2vl().containsKey(new Sl2VlKey(0x200, 1, 6))); // a Down port is skipped
        assertEquals(3, tables.vlHighLimit().get(new PortKey(0x200, 5)));
    }

    @Test
    void fewerOperationalVlsMaskTheTables() throws Exception {
        QosTables tables = QosCalculator.compute(QosOptions.parse(CONFIG, "c"), ports(2));
        assertEquals(List.of(0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 15),
                tables.sl2vl().get(new Sl2VlKey(0x200, 3, 5)));
        assertEquals(weights(0, 10, 1, 20, 0, 30), tables.vlArbLow().get(new PortKey(0x100, 1)));
    }

    @Test
    void qosOffWritesNothingAndDefaultsFillWhatIsNotGiven() throws Exception {
        assertTrue(QosCalculator.compute(QosOptions.parse("qos FALSE\n", "c"), ports(4)).sl2vl().isEmpty());
        QosTables tables = QosCalculator.compute(QosOptions.parse("qos TRUE\n", "c"), ports(5));
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 7),
                tables.sl2vl().get(new Sl2VlKey(0x100, 0, 0)));
        assertEquals(weights(0, 0, 1, 4, 2, 4, 3, 4, 4, 4, 5, 4, 6, 4, 7, 4),
                tables.vlArbLow().get(new PortKey(0x100, 1)));
        assertEquals(0, tables.vlHighLimit().get(new PortKey(0x100, 1)));
    }

    @Test
    void oneDataVlMeansNoArbitration() throws Exception {
        QosTables tables = QosCalculator.compute(QosOptions.parse(CONFIG, "c"),
                List.of(new QosPort(NodeType.CA, 0x100, 1, 1, 1, 8, 8, true, false, false)));
        assertTrue(tables.vlArbLow().isEmpty());
        assertEquals(0, tables.vlHighLimit().get(new PortKey(0x100, 1)));
        assertEquals(List.of(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
                tables.sl2vl().get(new Sl2VlKey(0x100, 0, 0)));
    }
}
