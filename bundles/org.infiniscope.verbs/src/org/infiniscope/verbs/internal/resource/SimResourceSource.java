package org.infiniscope.verbs.internal.resource;

import java.util.List;

import org.infiniscope.verbs.internal.sim.SimRestrack;
import org.infiniscope.verbs.resource.QpResource;
import org.infiniscope.verbs.resource.ResourceSource;
import org.osgi.service.component.annotations.Component;

/** The QPs of the simulated HCAs open in this process, as a resource source named {@code sim}. */
@Component(service = ResourceSource.class)
public final class SimResourceSource implements ResourceSource {

    @Override
    public String name() {
        return "sim";
    }

    @Override
    public String unavailableReason() {
        return "";
    }

    @Override
    public List<QpResource> qps() {
        return SimRestrack.qps();
    }

    @Override
    public AutoCloseable addListener(Runnable changed) {
        return SimRestrack.addListener(changed);
    }
}
