/**
 * Directed-route discovery of a fabric and the immutable snapshots it produces.
 */
@org.osgi.annotation.versioning.Version("0.2.0")
package org.infiniscope.discovery;
