package org.infiniscope.examples.vendor.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import org.infiniscope.mad.vendor.VendorMad;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.perf.vendor.CounterPort;
import org.infiniscope.perf.vendor.CounterSet;
import org.osgi.service.component.annotations.Component;

/** {@code example.port}: PortHealth's counters of every port, read at each sweep of the performance manager. */
@Component(service = CounterSet.class)
public final class ExampleCounterSet implements CounterSet {

    /** The set's name. */
    static final String NAME = "example.port";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int mgmtClass() {
        return ExampleClass.MGMT_CLASS;
    }

    @Override
    public int oui() {
        return ExampleClass.OUI;
    }

    @Override
    public int attributeId() {
        return ExampleClass.PORT_HEALTH;
    }

    /**
     * Every port: a board of ours answers whatever its NodeInfo says (the simulator's nodes are Mellanox's); a port
     * that does not answer is left out of the sweep.
     */
    @Override
    public boolean appliesTo(CounterPort port) {
        return true;
    }

    @Override
    public Map<String, Long> decode(VendorMad answer, CounterPort port) throws MadFormatException {
        PortHealth h = PortHealth.decode(answer.payload().toByteArray());
        if (h.port() != port.key().port()) {
            throw new MadFormatException(MadFormatException.Problem.BAD_FIELD, 40,
                    "PortHealth of port " + h.port() + " for port " + port.key().port());
        }
        Map<String, Long> values = new LinkedHashMap<>();
        values.put("node_vendor_mads", h.nodeVendorMads());
        values.put("health_reads", h.healthReads());
        return values;
    }
}
