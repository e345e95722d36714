/**
 * Fabric topologies: the value types every topology source produces (ibsim net files, ibnetdiscover output,
 * generators) and the simulator, discovery and the GUI consume.
 */
@org.osgi.annotation.versioning.Version("0.2.0")
package org.infiniscope.topology;
