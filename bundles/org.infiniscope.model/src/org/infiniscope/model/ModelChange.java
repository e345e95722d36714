package org.infiniscope.model;

import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;

/**
 * One element of the model that an update added, removed or changed.
 *
 * @param kind what happened to it
 * @param element the {@link Node}, {@link Port} or {@link Link} (the {@link Fabric} itself when only its attributes
 *        changed); a removed element is detached from the model and keeps the values it last had
 * @param features the features that changed, in the order they were set (empty unless {@link Kind#CHANGED})
 */
public record ModelChange(Kind kind, EObject element, Set<EStructuralFeature> features) {

    /** What happened to an element. */
    public enum Kind {
        /** New in the model: a node found for the first time, a port of a known node read for the first time, a new link. */
        ADDED,
        /** No longer in the model. A port of a removed node is not listed separately, nor is a link whose ends go. */
        REMOVED,
        /** Still there, with the {@link ModelChange#features()} changed. */
        CHANGED
    }

    /** Copies the features. */
    public ModelChange {
        features = Set.copyOf(features);
    }

    /** @return whether this feature changed */
    public boolean changed(EStructuralFeature feature) {
        return features.contains(feature);
    }
}
