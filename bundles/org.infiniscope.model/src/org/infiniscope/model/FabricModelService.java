package org.infiniscope.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Instant;
import java.util.function.Function;

import org.eclipse.emf.common.notify.Adapter;
import org.infiniscope.discovery.FabricSnapshot;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Holds the live fabric model, one {@link Fabric} in an EMF {@code Resource}, and is the only way to change it.
 * <p>
 * <b>Identity.</b> An update applies a discovery snapshot by identity: a node is the same node as long as its node
 * GUID is, a port as long as its node and number are, a link as long as its two ends are. Such objects stay the
 * same Java objects across updates, and only the features whose values differ are set, so EMF notifications fire
 * for what changed and nothing else. New nodes are appended in the order the snapshot lists them.
 * <p>
 * <b>Threads.</b> Updates are serialized. While an update changes the model it holds a write lock; {@link #read}
 * takes the read lock, so a reader sees the model either before or after an update, never half-way. Listeners are
 * called after the write lock is released but before the next update may start. EMF adapters added with
 * {@link #addAdapter} get their notifications during the update, on its thread, with the write lock held: they may
 * read the model there but must not block on another thread that reads it. Objects of the model must not be kept
 * and read outside {@link #read} (take a {@link #copy()} for that) nor changed by anyone but this service.
 */
@ProviderType
public interface FabricModelService {

    /**
     * Applies a snapshot, keeping the fabric's name and taking now as its sweep time.
     *
     * @return what changed
     */
    FabricDelta update(FabricSnapshot snapshot);

    /**
     * Applies a snapshot.
     *
     * @param snapshot what the sweep found
     * @param name the fabric's name, or null to keep the current one
     * @param sweepTime when the sweep was taken
     * @return what changed (the name and sweep time included)
     */
    FabricDelta update(FabricSnapshot snapshot, String name, Instant sweepTime);

    /**
     * Runs a function on the live model under the read lock: no update runs while it does.
     *
     * @return what the function returned; it must not return model objects to be read later
     */
    <T> T read(Function<? super Fabric, T> reader);

    /** @return a deep copy of the fabric, detached from the service: read it on any thread, at any time */
    Fabric copy();

    /**
     * Saves the model as XMI (a consistent state: under the read lock).
     *
     * @throws IOException when the stream fails
     */
    void save(OutputStream out) throws IOException;

    /**
     * Makes the model what a file written by {@link #save} holds, as an update would: by identity, so objects that
     * are in both keep their identity, and listeners get the delta from the current state to the saved one.
     *
     * @return what changed
     * @throws IOException when the stream fails or does not hold a fabric model; the model is then unchanged
     */
    FabricDelta load(InputStream in) throws IOException;

    /** Adds a listener; it is called for every later update that changes something. */
    void addListener(FabricModelListener listener);

    /** Removes a listener. */
    void removeListener(FabricModelListener listener);

    /**
     * Adds an EMF adapter to the {@link Fabric} (an {@code EContentAdapter} sees every object below it). It is
     * notified during updates, as the class comment says.
     */
    void addAdapter(Adapter adapter);

    /** Removes an adapter added with {@link #addAdapter}. */
    void removeAdapter(Adapter adapter);
}
