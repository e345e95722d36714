/**
 * The EMF model of an InfiniBand fabric ({@code model/fabric.ecore}): a {@link org.infiniscope.model.Fabric} of
 * {@link org.infiniscope.model.Node}s with their {@link org.infiniscope.model.Port}s, and the
 * {@link org.infiniscope.model.Link}s between ports; and the {@link org.infiniscope.model.FabricModelService} that
 * keeps it up to date from discovery snapshots and tells listeners what changed.
 * <p>
 * The interfaces, {@code impl} and {@code util} classes have the form EMF's code generator gives them, written
 * without it (it is not available offline): {@code @generated} marks what follows its templates, {@code @generated
 * NOT} the derived features written by hand. A change to {@code model/fabric.ecore} must be made in the Java too;
 * {@code EcoreConsistencyTest} compares the two, feature by feature.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.model;
