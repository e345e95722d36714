/**
 * Fabric checks on a discovery snapshot, of the kind operators run ibdiagnet for: duplicate GUIDs and LIDs, links
 * below what both ends support, ports stuck in Init or Armed, and validation against a cabling plan.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.discovery.check;
