/** The queue pair and connection view of the desktop: its part's ID and its widgets' IDs. */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.ui.verbs;
