/**
 * The EMF model of an InfiniBand fabric ({@code model/fabric.ecore}): a {@link org.infiniscope.model.Fabric} of
 * {@link org.infiniscope.model.Node}s with their {@link org.infiniscope.model.Port}s, and the
 * {@link org.infiniscope.model.Link}s between ports; and the {@link org.infiniscope.model.FabricModelService} that
 * keeps it up to date from discovery snapshots and tells listeners what changed.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.model;
