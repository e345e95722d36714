/**
 * The simulated verbs provider: an HCA on every CA of an embedded {@link org.infiniscope.sim.SimFabric}, whose QPs
 * move data through the fabric's switches and count on its ports.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.verbs.sim;
