/**
 * Directed-route discovery of a fabric and the immutable snapshots it produces.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.discovery;
