/**
 * The routing SPI: the dense graph routing engines work on, the forwarding tables they return, and the engine
 * interface vendors implement to add their own.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.sm.routing;
