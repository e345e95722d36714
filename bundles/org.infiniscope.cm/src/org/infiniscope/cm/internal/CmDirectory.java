package org.infiniscope.cm.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.infiniscope.cm.CmConnection;

/**
 * Every CM of the bundle's class loader, whoever created it (a test, a tool, a service): the connections service
 * reads them here, so a CM needs no service registry to be listed.
 */
public final class CmDirectory {

    /** The one directory. */
    public static final CmDirectory INSTANCE = new CmDirectory();

    private static final Comparator<CmConnection> ORDER = Comparator.comparing(CmConnection::node)
            .thenComparingLong(c -> c.localCommId() & 0xFFFF_FFFFL);

    private final Set<Supplier<List<CmConnection>>> sources = new CopyOnWriteArraySet<>();
    private final List<Consumer<CmConnection>> listeners = new CopyOnWriteArrayList<>();

    CmDirectory() {
    }

    /**
     * Adds a CM's connections.
     *
     * @return a handle that removes them
     */
    public AutoCloseable add(Supplier<List<CmConnection>> source) {
        sources.add(source);
        return () -> sources.remove(source);
    }

    /** @return every connection, sorted by node and local communication ID */
    public List<CmConnection> connections() {
        List<CmConnection> all = new ArrayList<>();
        sources.forEach(s -> all.addAll(s.get()));
        all.sort(ORDER);
        return List.copyOf(all);
    }

    /** Tells the listeners of a change. */
    public void changed(CmConnection connection) {
        for (Consumer<CmConnection> l : listeners) {
            try {
                l.accept(connection);
            } catch (RuntimeException e) {
                // a failing view does not stop the CM
            }
        }
    }

    /** @return a handle that removes the listener */
    public AutoCloseable addListener(Consumer<CmConnection> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }
}
