/**
 * The subnet manager as a service: its state (IBA 14.4), its sweeps and their phases, and the subnet it last brought
 * up.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.sm;
