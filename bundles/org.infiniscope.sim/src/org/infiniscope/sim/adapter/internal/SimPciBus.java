package org.infiniscope.sim.adapter.internal;

import java.io.IOException;
import java.util.List;

import org.infiniscope.pci.PciBus;
import org.infiniscope.pci.PciException;
import org.infiniscope.pci.PciFunction;
import org.infiniscope.pci.PciNames;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sim.adapter.SimAdapter;
import org.infiniscope.sim.adapter.SimAdapters;
import org.infiniscope.sim.internal.EmbeddedFabrics;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * The PCI bus of a simulated fabric ({@code --fabric sim[:TOPOLOGY][@NODE]}): the functions of its adapters, one
 * per node, in topology order. The attach point does not narrow the list: {@code lspci -s} does.
 */
@Component(service = PciBus.class)
public final class SimPciBus implements PciBus {

    private final EmbeddedFabrics fabrics;

    @Activate
    public SimPciBus(@Reference EmbeddedFabrics fabrics) {
        this.fabrics = fabrics;
    }

    @Override
    public String name() {
        return "sim";
    }

    @Override
    public boolean accepts(String fabric) {
        return fabric != null && (fabric.equals("sim") || fabric.startsWith("sim:") || fabric.startsWith("sim@"));
    }

    @Override
    public List<PciFunction> functions(String fabric) throws PciException {
        String spec = fabric == null ? "sim" : fabric;
        if (!accepts(spec)) {
            throw new PciException("--fabric " + spec + ": the simulator's bus serves sim[:TOPOLOGY][@NODE]");
        }
        String rest = spec.substring(3);
        int at = rest.lastIndexOf('@');
        if (at >= 0) {
            rest = rest.substring(0, at);
        }
        SimFabric sim;
        try {
            sim = fabrics.fabric(rest.isEmpty() ? "" : rest.substring(1), spec);
        } catch (IOException e) {
            throw new PciException("--fabric " + spec + ": " + e.getMessage(), e);
        }
        return SimAdapters.attach(sim).all().stream().map(SimAdapter::function).map(PciFunction.class::cast).toList();
    }

    @Override
    public PciNames names() {
        return SimNames.INSTANCE;
    }
}
