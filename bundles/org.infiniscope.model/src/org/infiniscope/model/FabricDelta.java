package org.infiniscope.model;

import java.util.List;

import org.eclipse.emf.ecore.EObject;

/**
 * What one update of the model did: every element added, removed or changed, each once, in the order the update
 * met them. An update that changed nothing has no changes.
 *
 * @param changes the changes
 */
public record FabricDelta(List<ModelChange> changes) {

    /** Copies the list. */
    public FabricDelta {
        changes = List.copyOf(changes);
    }

    /** @return whether the update changed nothing */
    public boolean isEmpty() {
        return changes.isEmpty();
    }

    /** @return the changes of this kind to elements of this type ({@link Node}, {@link Port}, {@link Link}, {@link Fabric}) */
    public <T extends EObject> List<T> elements(ModelChange.Kind kind, Class<T> type) {
        return changes.stream().filter(c -> c.kind() == kind && type.isInstance(c.element()))
                .map(c -> type.cast(c.element())).toList();
    }

    /** @return the change of this element, if it is in the delta */
    public java.util.Optional<ModelChange> of(EObject element) {
        return changes.stream().filter(c -> c.element() == element).findFirst();
    }
}
