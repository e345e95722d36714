package org.infiniscope.cm.internal;

import java.util.List;
import java.util.function.Consumer;

import org.infiniscope.cm.CmConnection;
import org.infiniscope.cm.CmConnections;
import org.osgi.service.component.annotations.Component;

/** The connections of every CM in this runtime, from {@link CmDirectory}. */
@Component(service = CmConnections.class)
public final class CmConnectionsService implements CmConnections {

    private final CmDirectory directory;

    public CmConnectionsService() {
        this(CmDirectory.INSTANCE);
    }

    CmConnectionsService(CmDirectory directory) {
        this.directory = directory;
    }

    @Override
    public List<CmConnection> connections() {
        return directory.connections();
    }

    @Override
    public List<CmConnection> connections(String node) {
        return directory.connections().stream().filter(c -> c.node().equals(node)).toList();
    }

    @Override
    public AutoCloseable addListener(Consumer<CmConnection> listener) {
        return directory.addListener(listener);
    }
}
