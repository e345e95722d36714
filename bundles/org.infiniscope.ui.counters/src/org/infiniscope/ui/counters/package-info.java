/**
 * The counters, fabric health and subnet manager views of the desktop: their element IDs, and the IDs of their
 * widgets for the UI tests.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.ui.counters;
