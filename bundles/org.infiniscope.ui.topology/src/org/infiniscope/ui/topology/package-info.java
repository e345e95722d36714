/**
 * The topology view as other bundles (and the UI tests) drive it: find it on its canvas under
 * {@link org.infiniscope.ui.topology.TopologyView#DATA_KEY}.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.ui.topology;
