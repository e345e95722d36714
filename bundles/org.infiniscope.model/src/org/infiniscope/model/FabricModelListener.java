package org.infiniscope.model;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Told what each update of the {@link FabricModelService} changed. Register one with
 * {@link FabricModelService#addListener} or as an OSGi service (whiteboard).
 */
@ConsumerType
public interface FabricModelListener {

    /**
     * Called after each update that changed something, on the thread that ran the update, once the model is
     * consistent again. The next update waits until every listener has returned, so the model read here through
     * {@link FabricModelService#read} is exactly the state this delta led to. Must not call
     * {@link FabricModelService#update} (that would wait for itself): hand work that updates the model to another
     * thread.
     *
     * @param delta what the update changed (never empty)
     */
    void fabricChanged(FabricDelta delta);
}
