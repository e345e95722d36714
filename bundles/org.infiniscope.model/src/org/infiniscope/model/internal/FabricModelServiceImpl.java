package org.infiniscope.model.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import java.util.function.Function;

import org.eclipse.emf.common.notify.Adapter;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.model.Fabric;
import org.infiniscope.model.FabricDelta;
import org.infiniscope.model.FabricFactory;
import org.infiniscope.model.FabricModelListener;
import org.infiniscope.model.FabricModelService;
import org.infiniscope.model.util.FabricXmi;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fabric model service: one {@link Fabric} in an XMI resource, changed only by {@link ModelUpdater} under the
 * write lock. An update holds {@code updating} from start to the last listener, so updates are serialized and each
 * listener reads the state its delta led to.
 */
@Component(service = FabricModelService.class)
public final class FabricModelServiceImpl implements FabricModelService {

    private static final Logger LOG = LoggerFactory.getLogger(FabricModelServiceImpl.class);
    /** The name of a fabric before an update names it. */
    static final String DEFAULT_NAME = "fabric";

    private final ReentrantLock updating = new ReentrantLock();
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final List<FabricModelListener> listeners = new CopyOnWriteArrayList<>();
    private final Resource resource;
    private final Fabric fabric;

    /** An empty model. */
    public FabricModelServiceImpl() {
        resource = FabricXmi.newResource();
        fabric = FabricFactory.eINSTANCE.createFabric();
        fabric.setName(DEFAULT_NAME);
        resource.getContents().add(fabric);
    }

    @Override
    public FabricDelta update(FabricSnapshot snapshot) {
        return update(snapshot, null, Instant.now());
    }

    @Override
    public FabricDelta update(FabricSnapshot snapshot, String name, Instant sweepTime) {
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(sweepTime, "sweepTime");
        return apply(updater -> updater.apply(snapshot, name, Date.from(sweepTime)));
    }

    @Override
    public FabricDelta load(InputStream in) throws IOException {
        Fabric saved = FabricXmi.load(in);
        FabricSnapshot snapshot = SavedFabrics.snapshot(saved);
        return apply(updater -> updater.apply(snapshot, saved.getName(), saved.getSweepTime(), saved.getSubnetPrefix(),
                saved.getSmLid()));
    }

    private FabricDelta apply(Consumer<ModelUpdater> change) {
        updating.lock();
        try {
            FabricDelta delta;
            lock.writeLock().lock();
            try {
                ModelUpdater updater = new ModelUpdater(fabric);
                change.accept(updater);
                delta = updater.changes().delta();
            } finally {
                lock.writeLock().unlock();
            }
            if (!delta.isEmpty()) {
                for (FabricModelListener listener : listeners) {
                    try {
                        listener.fabricChanged(delta);
                    } catch (RuntimeException e) {
                        LOG.warn("fabric model listener {} failed", listener, e);
                    }
                }
            }
            return delta;
        } finally {
            updating.unlock();
        }
    }

    @Override
    public <T> T read(Function<? super Fabric, T> reader) {
        lock.readLock().lock();
        try {
            return reader.apply(fabric);
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public Fabric copy() {
        return read(EcoreUtil::copy);
    }

    @Override
    public void save(OutputStream out) throws IOException {
        lock.readLock().lock();
        try {
            FabricXmi.save(resource, out);
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    public void addListener(FabricModelListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    @Override
    public void removeListener(FabricModelListener listener) {
        listeners.remove(listener);
    }

    @Override
    public void addAdapter(Adapter adapter) {
        lock.writeLock().lock();
        try {
            fabric.eAdapters().add(adapter);
        } finally {
            lock.writeLock().unlock();
        }
    }

    @Override
    public void removeAdapter(Adapter adapter) {
        lock.writeLock().lock();
        try {
            fabric.eAdapters().remove(adapter);
        } finally {
            lock.writeLock().unlock();
        }
    }
}
