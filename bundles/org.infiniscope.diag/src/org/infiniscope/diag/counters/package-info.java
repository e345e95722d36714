/**
 * Reading and resetting the port counters of a port's Performance Management Agent (PMA): ClassPortInfo,
 * PortCounters, PortCountersExtended and PortExtendedSpeedsCounters Get, and the PortCounters Set that clears selected counters.
 */
@org.osgi.annotation.versioning.Version("0.2.0")
package org.infiniscope.diag.counters;
