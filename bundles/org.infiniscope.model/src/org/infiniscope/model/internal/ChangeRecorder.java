package org.infiniscope.model.internal;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.infiniscope.model.FabricDelta;
import org.infiniscope.model.ModelChange;
import org.infiniscope.model.ModelChange.Kind;

/** Collects what one update does to the model, each element once, in the order met. */
final class ChangeRecorder {

    private static final class Entry {
        Kind kind;
        final Set<EStructuralFeature> features = new LinkedHashSet<>();

        Entry(Kind kind) {
            this.kind = kind;
        }
    }

    private final Map<EObject, Entry> entries = new IdentityHashMap<>();
    private final List<EObject> order = new ArrayList<>();

    void added(EObject element) {
        entry(element, Kind.ADDED);
    }

    void removed(EObject element) {
        Entry entry = entries.get(element);
        if (entry == null) {
            entry(element, Kind.REMOVED);
        } else if (entry.kind == Kind.ADDED) {
            // added and removed in one update: nothing happened
            entries.remove(element);
            order.remove(element);
        } else {
            entry.kind = Kind.REMOVED;
            entry.features.clear();
        }
    }

    /** A feature of an element that was there before changed; nothing is recorded for one added or removed now. */
    void changed(EObject element, EStructuralFeature feature) {
        Entry entry = entries.get(element);
        if (entry == null) {
            entry = entry(element, Kind.CHANGED);
        }
        if (entry.kind == Kind.CHANGED) {
            entry.features.add(feature);
        }
    }

    /** @return whether the update added this element (or the node a port belongs to) */
    boolean isAdded(EObject element) {
        Entry entry = entries.get(element);
        if (entry != null) {
            return entry.kind == Kind.ADDED;
        }
        EObject container = element.eContainer();
        return container instanceof org.infiniscope.model.Node && isAdded(container);
    }

    private Entry entry(EObject element, Kind kind) {
        Entry entry = new Entry(kind);
        entries.put(element, entry);
        order.add(element);
        return entry;
    }

    FabricDelta delta() {
        List<ModelChange> changes = new ArrayList<>(order.size());
        for (EObject element : order) {
            Entry entry = entries.get(element);
            changes.add(new ModelChange(entry.kind, element, entry.features));
        }
        return new FabricDelta(changes);
    }
}
